import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, openSession, screenshotOnFailure, visit, type Session } from "./support/browser";
import { closeInOrder, PHONE } from "./support/harness";
import { expiredGuestPass } from "./support/jwt";
import { startClub, type Club, type Member, nextMeetingId } from "./support/server";
import { dialog, shows } from "./support/ui";

/**
 * A guest walk on a phone (not in `npm test`: E2E_ALL=1): the defects a club met when a
 * guest joins and the host seats guests, each reproduced here before its fix.
 */
/** Two taps before the app has drawn its answer to the first (a phone's double tap). */
const doubleTap = (button: HTMLElement) => {
  button.click();
  button.click();
};

describe("a guest walk on a phone", () => {
  let club: Club;
  let browser: Browser;
  let meetingId = 0;
  let code = "";
  let admin: Member;
  const sessions: Session[] = [];
  let current: Page | undefined;

  const phone = async (as?: Member) => {
    const session = await openSession(browser, club.baseUrl, { viewport: PHONE, mobile: true, as });
    sessions.push(session);
    return (current = session.page);
  };
  const guestNames = async () =>
    (
      await club.apiOk<{ firstName: string }[]>(
        "GET",
        `/api/MonthlyMeetings/${meetingId}/Guests`,
        undefined,
        admin.accessToken,
      )
    ).map((g) => g.firstName);

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    meetingId = await nextMeetingId(club);
    admin = await club.tokensFor("demo@whiskey.club");
    code = (
      await club.apiOk<{ code: string }>(
        "POST",
        `/api/MonthlyMeetings/${meetingId}/GuestCode`,
        undefined,
        admin.accessToken,
      )
    ).code;
  });

  afterEach(screenshotOnFailure("guest-walk", () => current));

  afterAll(() => closeInOrder(...sessions, browser, club));

  it("a double tap on Join seats the guest once", async () => {
    const page = await phone();
    await visit(page, `/join?code=${code}`);
    await page.getByRole("textbox", { name: "Your first name" }).fill("Dora");
    // Two taps before the app has drawn its answer to the first (a phone's double tap).
    await page.getByRole("button", { name: "Join" }).evaluate(doubleTap);
    await shows(page.getByRole("heading", { name: "Dora, guest at the tasting" }));
    expect(await guestNames()).toEqual(["Dora"]);
  });

  it("a double tap on the host's Add seats the guest without a phone once", async () => {
    const page = await phone(admin);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await page.getByRole("button", { name: "Invite guests to score" }).click();
    const invite = dialog(page, "Invite guests to score");
    await invite.getByRole("textbox", { name: "First name" }).fill("Paula");
    await invite.getByRole("button", { name: "Add and type in their sheet" }).evaluate(doubleTap);
    await shows(dialog(page, "Paper sheet of Paula"));
    expect((await guestNames()).filter((name) => name === "Paula")).toEqual(["Paula"]);
  });

  // The sibling in every other add form (SubmitForm: comments, purchases, payments, meetings...):
  // two taps before the app draws its answer to the first made two writes.
  it("a double tap on a form's Submit saves once (Post Comment)", async () => {
    const page = await phone(admin);
    await visit(page, "/bottle/1");
    const text = `Double tap ${Date.now()}`;
    await page.getByRole("main").getByRole("textbox", { name: "Comment" }).fill(text);
    await page.getByRole("main").getByRole("button", { name: "Post Comment" }).evaluate(doubleTap);
    await shows(page.getByRole("table", { name: "Comments" }).getByRole("row").filter({ hasText: text }));
    const comments = await club.apiOk<{ comment: string }[]>("GET", "/api/BottleComments/bottle/1");
    expect(comments.filter((c) => c.comment === text)).toHaveLength(1);
  });

  // And in the forms that are not SubmitForm's (the app's <form> is OnceForm): two invites, two emails.
  it("a double tap on Create invite link makes one invite", async () => {
    const page = await phone(admin);
    await visit(page, "/members");
    const email = `double-${Date.now()}@example.org`;
    await page.getByRole("main").getByLabel("Email (optional)").fill(email);
    await page.getByRole("main").getByRole("button", { name: "Create invite link" }).evaluate(doubleTap);
    await shows(page.getByRole("main").getByRole("textbox", { name: "Invite link" }));
    // Both taps' requests answered, if there were two.
    await page.waitForLoadState("networkidle");
    const invites = club.app.deps.db.$client
      .prepare("SELECT count(*) AS n FROM invites WHERE email = ?")
      .get(email) as { n: number };
    expect(invites.n).toBe(1);
  });

  it("a reload or a look at another pour keeps the guest's sheet: it is saved as they go", async () => {
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
      { pours: [{ bottleId: 1 }, { bottleId: 2 }] },
      admin.accessToken,
    );
    const page = await phone();
    await visit(page, `/join?code=${code}`);
    await page.getByRole("textbox", { name: "Your first name" }).fill("Rita");
    await page.getByRole("button", { name: "Join" }).click();
    const sheet = page.getByRole("region", { name: "Score Dram 1" });
    for (let i = 0; i < 3; i++) await sheet.getByRole("button", { name: "Nose: one more" }).tap();
    await sheet.getByRole("textbox", { name: "Note" }).fill("Pear drops.");
    await shows(sheet.getByLabel("Total 3 out of 100"));
    await shows(sheet.getByRole("status").getByText("Saved", { exact: true }));

    await page.getByRole("tab", { name: "Dram 2" }).tap();
    await shows(page.getByRole("region", { name: "Score Dram 2" }));
    await page.getByRole("tab", { name: "Dram 1 ✓" }).tap();
    await shows(sheet.getByLabel("Total 3 out of 100"));

    await page.reload();
    await shows(sheet.getByLabel("Total 3 out of 100"));
    expect(await sheet.getByRole("textbox", { name: "Note" }).inputValue()).toBe("Pear drops.");

    // The room's results in words, once scoring closes (an open night): "3 · 1 score".
    const results = page.getByTestId("guest-result");
    await shows(results.filter({ hasText: "Dram 2" }).getByText("No scores yet"));
    await shows(
      results.filter({ hasText: "Dram 1" }).getByText("1 score · Results once the host closes scoring."),
    );
  });

  it("a name the club refuses says why, on the join page and in the host's add form", async () => {
    const page = await phone();
    await visit(page, `/join?code=${code}`);
    const name = page.getByRole("textbox", { name: "Your first name" });
    // A pasted name with a bell character in it: the Join button was greyed out without a word.
    await name.fill("Gi\u0007na");
    await shows(page.getByText("A name cannot contain control characters."));
    expect(await page.getByRole("button", { name: "Join" }).isDisabled()).toBe(true);
    await name.fill("\u200b");
    await shows(page.getByText("A name has 1 to 40 characters."));
    expect(await page.getByRole("button", { name: "Join" }).isDisabled()).toBe(true);

    const host = await phone(admin);
    await visit(host, `/monthlymeeting/${meetingId}`);
    await host.getByRole("button", { name: "Invite guests to score" }).click();
    const invite = dialog(host, "Invite guests to score");
    // The host's form sent it and showed the server's "The request is not valid."
    await invite.getByRole("textbox", { name: "First name" }).fill("Pa\u0007la");
    await shows(invite.getByText("A name cannot contain control characters."));
    expect(await invite.getByRole("button", { name: "Add and type in their sheet" }).isDisabled()).toBe(true);
  });

  it("the host's code says until which day it works, not a bare 12:00 AM", async () => {
    const page = await phone(admin);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await page.getByRole("button", { name: "Invite guests to score" }).click();
    const invite = dialog(page, "Invite guests to score");
    await shows(invite.getByTestId("guest-code"));
    const { date } = await club.apiOk<{ date: string }>("GET", `/api/MonthlyMeetings/${meetingId}`);
    const day = new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    await shows(invite.getByText(`Valid until midnight, the end of ${day}`));
  });

  it("a guest pass that ran out after the night says so and leads to the night's results", async () => {
    const joined = await club.apiOk<{ guestId: number; meetingId: number }>("POST", "/api/Guests/Join", {
      code,
      firstName: "Olga",
    });
    const session = await openSession(browser, club.baseUrl, {
      viewport: PHONE,
      mobile: true,
      storage: {
        "club.guestPass": JSON.stringify({
          ...joined,
          firstName: "Olga",
          guestToken: expiredGuestPass(club.config.jwtSecret, joined),
        }),
      },
    });
    sessions.push(session);
    const page = (current = session.page);
    await visit(page, `/guest/${meetingId}`);
    // It said "Your guest pass no longer opens this night. Ask the host.", whose code for a night
    // that is over no longer works.
    await shows(page.getByText("Your guest pass has ended."));
    await page.getByRole("link", { name: "See the night's results" }).click();
    await shows(page.getByRole("heading", { level: 1, name: "Results" }));
  });
});
