import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, startSmtpSink, type SmtpSink, type TestApp } from "../../test/helpers";
import { readMail } from "../../test/mail";
import { runDuesJob, sendDuesReminders } from "../features/dues/job";
import { emailDate, emailMonth, emailTime } from "./emailText";

/**
 * Emails in the recipient's language: a member's own, else the club's; their dates, times and
 * money as that language writes them. English is word for word what it always was.
 */
let smtp: SmtpSink;
let t: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    env: { CLUB_TIMEZONE: "Europe/London", RATE_LIMIT: "false" },
    smtpPort: smtp.port,
    now: () => clock,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settle = async () => {
  await t.app.deps.mailer.flush();
  await t.app.deps.mailer.flush();
};

/** The emails sent to an address so far whose subject matches. */
const mailTo = (address: string, subject: RegExp) =>
  smtp.messages
    .filter((m) => m.to.includes(address))
    .map((m) => readMail(m.raw))
    .filter((m) => subject.test(m.subject));

const chooseLanguage = async (token: string, language: string | null) =>
  expect(
    (await t.request({ method: "PUT", url: "/api/Account/Language", token, payload: { language } }))
      .statusCode,
  ).toBe(200);

describe("emails in the recipient's language", () => {
  it("a password reset link: in German for a member who chose German, in English word for word otherwise", async () => {
    const greta = await t.member("greta@example.com");
    await chooseLanguage(greta.token, "de");
    await t.member("emma@example.com");
    for (const email of ["greta@example.com", "emma@example.com"]) {
      const res = await t.request({
        method: "POST",
        url: "/api/Register/forgotPassword",
        payload: { email },
        headers: { "accept-language": "ja" }, // the member's language, not the asking browser's
      });
      expect(res.statusCode).toBe(200);
    }
    await settle();
    await expect.poll(() => mailTo("greta@example.com", /Passwort/).length, { timeout: 15_000 }).toBe(1);
    const german = mailTo("greta@example.com", /Passwort/)[0]!;
    expect(german.subject).toBe("Wähle ein neues Passwort für den Whiskey Tasting Club");
    expect(german.text).toMatch(
      /^Hallo \S+,\n\nJemand \(hoffentlich du\) möchte ein neues Passwort wählen\./,
    );
    expect(german.text).toContain("Der Link ist eine Stunde gültig");
    expect(german.html).toContain("Neues Passwort wählen</a>");
    expect(german.html).toContain("Oder öffne diesen Link: http://club.test/reset-password?");

    await expect.poll(() => mailTo("emma@example.com", /password/).length, { timeout: 15_000 }).toBe(1);
    const english = mailTo("emma@example.com", /password/)[0]!;
    expect(english.subject).toBe("Choose a new password for the Whiskey Tasting Club");
    expect(english.text).toMatch(
      /^Hello \S+,\n\nSomeone \(hopefully you\) asked to choose a new password\. Open this link to do it:\n\nhttp:\/\/club\.test\/reset-password\?\S+\n\nThe link is valid for one hour and works once; using it logs you out everywhere\. If you did not ask, ignore this email\.\n?$/,
    );
    expect(english.html).toContain("<p>Or open this link: http://club.test/reset-password?");
  });

  it("the dues statement: its money and months in the member's language", async () => {
    const jan = await t.member("jan@example.com");
    await t.member("ann@example.com");
    await chooseLanguage(jan.token, "sv");
    clock = new Date("2026-11-23T12:00:00Z");
    runDuesJob(t.app.deps);
    clock = new Date("2027-01-02T09:00:00Z");
    runDuesJob(t.app.deps);
    sendDuesReminders(t.app.deps);
    await settle();
    await expect.poll(() => mailTo("jan@example.com", /Klubbavgift/).length, { timeout: 15_000 }).toBe(1);
    const swedish = mailTo("jan@example.com", /Klubbavgift/)[0]!;
    // Swedish writes the amount after its number, with a no-break space between.
    expect(swedish.subject).toBe("Klubbavgift: 76\u00a0US$ att betala");
    expect(swedish.text).toContain(
      "Din obetalda klubbavgift är 76\u00a0US$, varav 64\u00a0US$ gäller tidigare månader (2 månader).",
    );
    expect(swedish.text).toContain("Betala till kassören på nästa träff.");
    await expect.poll(() => mailTo("ann@example.com", /Club dues/).length, { timeout: 15_000 }).toBe(1);
    const english = mailTo("ann@example.com", /Club dues/)[0]!;
    expect(english.subject).toBe("Club dues: $76 to pay");
    expect(english.text).toContain("of which $64 is for earlier months (2 months).");
  });

  it("dates, times and months: English as the spec writes them, another language by its locale", () => {
    expect(emailDate("en", "2026-12-04")).toBe("Friday, December 4, 2026");
    expect(emailDate("de", "2026-12-04")).toBe("Freitag, 4. Dezember 2026");
    expect(emailDate("fr", "2026-12-04")).toBe("vendredi 4 décembre 2026");
    expect(emailTime("en", "19:00")).toBe("7:00 PM");
    expect(emailTime("de", "19:00")).toBe("19:00");
    expect(emailMonth("en", "2026-11")).toBe("November 2026");
    expect(emailMonth("sv", "2026-11")).toBe("november 2026");
    expect(emailMonth("ja", "2026-11")).toBe("2026年11月");
  });
});
