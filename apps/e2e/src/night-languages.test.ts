import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchChromium, openSession, screenshotOnFailure, visit, type Session } from "./support/browser";
import { cutOffButtons, expectNoSidewaysScroll, PHONE, shot } from "./support/harness";
import { startClub, type Club, type Member, nextMeetingId } from "./support/server";
import { shows } from "./support/ui";

/**
 * A meeting night in German on phones (375 px, touch): a club whose language is German, a member
 * answering and scoring, the host running the phases, and a guest (a visitor whose browser chose
 * German) joining and scoring; the date and the ABV as a German writes them. The same screens in
 * Japanese for a member who chose it.
 */

async function fitsThePhone(page: Page, where: string) {
  await expectNoSidewaysScroll(page, where);
  expect(await cutOffButtons(page), `cut-off button text on ${where}`).toEqual([]);
}

const clickable = (locator: Locator) => locator.first();

describe("the meeting night in German and Japanese on phones", () => {
  let club: Club;
  let browser: Browser;
  let meetingId = 0;
  let admin: Member;
  let ann: Member;
  let host: Session;
  let member: Session;
  let guest: Session;
  let current: Page | undefined;

  beforeAll(async () => {
    club = await startClub({ demoData: true, env: { CLUB_LANGUAGE: "de" } });
    browser = await launchChromium();
    meetingId = await nextMeetingId(club);
    admin = await club.tokensFor("demo@whiskey.club");
    ann = await club.member({ firstName: "Anna", lastName: "Albers" });
    const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles/AllBottlesList");
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
      { pours: [{ bottleId: bottles[0]!.id }, { bottleId: bottles[1]!.id }] },
      admin.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Settings`,
      { capacity: 12, blind: false, scoringOpen: true, hostMemberId: null },
      admin.accessToken,
    );
    host = await openSession(browser, club.baseUrl, { as: admin, viewport: PHONE, mobile: true });
    member = await openSession(browser, club.baseUrl, {
      as: ann,
      viewport: PHONE,
      mobile: true,
      theme: "light",
    });
    guest = await openSession(browser, club.baseUrl, { viewport: PHONE, mobile: true });
  });

  afterEach(screenshotOnFailure("night-languages", () => current));

  afterAll(async () => {
    for (const s of [host, member, guest]) await s?.close();
    await browser?.close();
    await club?.close();
  });

  it("a member answers in German; the date is a German date", async () => {
    const page = (current = member.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    const time = page.getByRole("heading", { level: 1 }).locator("time");
    await shows(time);
    const iso = (await time.getAttribute("datetime"))!;
    const german = new Intl.DateTimeFormat("de-DE", { dateStyle: "full", timeZone: "UTC" }).format(
      new Date(`${iso.slice(0, 10)}T00:00:00Z`),
    );
    expect(german).toMatch(/^[A-Z][a-z]+, \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
    // The member's language arrives with their account (the first page is the browser's).
    await shows(page.getByText("Monatstreffen"));
    await expect.poll(() => time.innerText()).toBe(german);

    const rsvp = page.getByRole("region", { name: "Wer kommt" });
    await shows(rsvp.getByText("Du hast noch nicht geantwortet."));
    await clickable(
      rsvp.getByRole("radiogroup", { name: "Deine Antwort" }).getByText("Zusage", { exact: true }),
    ).click();
    await shows(rsvp.getByText("Du hast einen Platz. Bis dann!"));
    await shows(rsvp.getByText("1 von 12 Plätzen"));
    await shows(rsvp.getByLabel("Summen").getByText("1 Mitglied dabei."));
    await shows(page.getByRole("link", { name: "Tasting-Bögen drucken" }));
    await fitsThePhone(page, "the meeting night (de)");
    await shot(page, "night-de-member");
  });

  it("the host runs the phases in German", async () => {
    const page = (current = host.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await shows(page.getByText("Tasting leiten"));
    await page.getByRole("combobox", { name: "Aktueller Dram für alle" }).selectOption("1");
    await page
      .getByRole("radiogroup", { name: /^Phase von Dram 1/ })
      .getByText("Nase", { exact: true })
      .click();
    await shows(page.getByTestId("phase-banner").getByText("Dram 1 · Nase"));
    await fitsThePhone(page, "the host's night (de)");
    await shot(page, "night-de-host");
    await page.getByRole("button", { name: "Gäste einladen" }).click();
    const invite = page.getByRole("dialog", { name: "Gäste zum Bewerten einladen" });
    await shows(invite.getByRole("button", { name: "Beitrittscode zeigen" }));
    await shows(invite.getByText("Noch niemand beigetreten."));
    await page.keyboard.press("Escape");
  });

  it("a guest joins and scores in German", async () => {
    const { code } = await club.apiOk<{ code: string }>(
      "POST",
      `/api/MonthlyMeetings/${meetingId}/GuestCode`,
      undefined,
      admin.accessToken,
    );
    const page = (current = guest.page);
    // A visitor's own choice of language on this device (the footer's switcher keeps it so).
    await guest.context.addCookies([{ name: "club_lang", value: "de", url: club.baseUrl }]);
    await visit(page, "/join");
    await shows(page.getByRole("heading", { name: "Am Tasting teilnehmen" }));
    await page.getByRole("textbox", { name: "Code" }).fill(code);
    await page.getByRole("textbox", { name: "Dein Vorname" }).fill("Gina");
    await page.getByRole("textbox", { name: "Wessen Gast bist du?" }).fill("Anna");
    await fitsThePhone(page, "join (de)");
    await shot(page, "night-de-join");
    await page.getByRole("button", { name: "Teilnehmen" }).click();
    await shows(page.getByRole("heading", { name: "Gina, Gast beim Tasting" }));
    await shows(page.getByTestId("phase-banner").getByText("Dram 1 · Nase"));
    const form = page.getByRole("region", { name: /bewerten$/ });
    await shows(
      form.getByText("Noch nicht bewertet: Deine Bewertung wird gespeichert, sobald du sie gibst."),
    );
    for (let i = 0; i < 3; i++) await form.getByRole("button", { name: "Nase: eins mehr" }).click();
    await shows(form.getByRole("status").getByText("Gespeichert", { exact: true }));
    await shows(form.getByLabel("Gesamt 3 von 100"));
    await shows(page.getByRole("heading", { name: "Ergebnisse der Runde" }));
    await shows(page.getByTestId("guest-result").getByText(/^1 Bewertung · /));
    await fitsThePhone(page, "the guest's night (de)");
    await shot(page, "night-de-guest");
  });

  it("the member's score screen writes the ABV as a German does", async () => {
    const page = (current = member.page);
    await visit(page, `/meeting/${meetingId}/score/1`);
    await shows(
      page.getByText("Noch nicht bewertet: Deine Bewertung wird gespeichert, sobald du sie gibst."),
    );
    // "Dram 1 · 35 ml · 46 %": the decimal comma and the space before the percent sign.
    const subtitle = await page
      .getByText(/ ml · /)
      .first()
      .innerText();
    expect(subtitle).toMatch(/ ml · \d+(,\d+)?\s%$/);
    await shows(page.getByRole("navigation", { name: "Drams" }).getByText("1 von 2"));
    await fitsThePhone(page, "the score screen (de)");
    await shot(page, "night-de-score");
  });

  it("the same night in Japanese for a member who chose it", async () => {
    await club.apiOk("PUT", "/api/Account/Language", { language: "ja" }, ann.accessToken);
    const page = (current = member.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    const rsvp = page.getByRole("region", { name: "参加者" });
    await shows(rsvp.getByText("席があります。当日お会いしましょう！"));
    await fitsThePhone(page, "the meeting night (ja)");
    await shot(page, "night-ja-member");
    await visit(page, `/meeting/${meetingId}/score/1`);
    await shows(page.getByText("未採点：採点するとすぐ保存されます。"));
    await fitsThePhone(page, "the score screen (ja)");
    await shot(page, "night-ja-score");
  });

  it("the pseudo-locale's longer texts fit the phone too", async () => {
    await club.apiOk("PUT", "/api/Account/Language", { language: "en-XA" }, ann.accessToken);
    const page = (current = member.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await shows(page.getByRole("heading", { name: /^\[Ŵĥö'š çöɱîñĝ/ }));
    await fitsThePhone(page, "the meeting night (en-XA)");
    await shot(page, "night-xa-member");
    await visit(page, `/meeting/${meetingId}/score/1`);
    await shows(page.getByText(/^\[Ñöţ šçöŕéđ ýéţ: /));
    await fitsThePhone(page, "the score screen (en-XA)");
    await shot(page, "night-xa-score");
  });
});
