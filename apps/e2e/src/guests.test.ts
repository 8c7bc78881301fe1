import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { startClub, type Club, type Member, nextMeetingId } from "./support/server";
import { dialog, shows } from "./support/ui";

/**
 * A whole blind night at 375 px with three browser contexts: the host (the demo admin),
 * a member, and a guest who joins with the code read off the host's screen. The host steps through
 * phases (every phone follows live), the member and the guest score blind, the host reveals, and
 * the results show the guest marked as a guest.
 */
const PHONE = { width: 375, height: 812 };

describe("guests at the tasting table (three phones)", () => {
  let club: Club;
  let browser: Browser;
  let meetingId = 0;
  let host: Session;
  let ann: Session;
  let guest: Session;
  let annMember: Member;
  let admin: Member;
  let firstBottle = "";
  let current: Page | undefined;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    meetingId = await nextMeetingId(club);
    admin = await club.tokensFor("demo@whiskey.club");
    annMember = await club.member({ firstName: "Ann", lastName: "Archer" });
    // The night: blind, two pours of the library (the flight editor is tested in meeting-night).
    const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles/AllBottlesList");
    firstBottle = bottles[0]!.name;
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
      { pours: [{ bottleId: bottles[0]!.id }, { bottleId: bottles[1]!.id }] },
      admin.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Settings`,
      { capacity: null, blind: true, scoringOpen: true, hostMemberId: null },
      admin.accessToken,
    );
    host = await openSession(browser, club.baseUrl, { as: admin, viewport: PHONE });
    ann = await openSession(browser, club.baseUrl, { as: annMember, viewport: PHONE });
    guest = await openSession(browser, club.baseUrl, { viewport: PHONE });
  });

  afterEach(screenshotOnFailure("guests", () => current));

  afterAll(async () => {
    for (const s of [host, ann, guest]) await s?.close();
    await browser?.close();
    await club?.close();
  });

  it("the guest joins with the code on the host's screen", async () => {
    const page = (current = host.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await page.getByRole("button", { name: "Invite guests to score" }).click();
    const invite = dialog(page, "Invite guests to score");
    await invite.getByRole("button", { name: "Show a join code" }).click();
    await shows(invite.getByRole("img", { name: /QR code of the join page/ }));
    const code = (await invite.getByTestId("guest-code").innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    current = guest.page;
    await visit(guest.page, "/join");
    await guest.page.getByRole("textbox", { name: "Code" }).fill(code.toLowerCase());
    await guest.page.getByRole("textbox", { name: "Your first name" }).fill("Gina");
    await guest.page.getByRole("textbox", { name: "Whose guest are you?" }).fill("Ann");
    await guest.page.getByRole("button", { name: "Join" }).click();
    await shows(guest.page.getByRole("heading", { name: "Gina, guest at the tasting" }));
    await shows(guest.page.getByRole("tab", { name: "Dram 1" }));
    expect(await guest.page.content()).not.toContain(firstBottle);
    // The heading has the phone's whole width: the Live badge beside it squeezed it into a column.
    const [heading, pours] = await Promise.all([
      guest.page.getByRole("heading", { name: "Gina, guest at the tasting" }).boundingBox(),
      guest.page.getByRole("tablist", { name: "Pours" }).boundingBox(),
    ]);
    expect(heading!.width, "the heading's width against the page's").toBeGreaterThanOrEqual(pours!.width - 1);

    // The host's list shows her, live.
    current = page;
    await shows(invite.getByText("guest of Ann"));
    await page.keyboard.press("Escape");
  });

  it("the host steps through phases; the member's and the guest's phones follow live", async () => {
    await visit(ann.page, `/monthlymeeting/${meetingId}`);
    const page = (current = host.page);
    await page.getByRole("combobox", { name: "Dram everyone is on" }).selectOption("1");
    await page
      .getByRole("radiogroup", { name: /^Phase of Dram 1/ })
      .getByText("Nose", { exact: true })
      .click();
    for (const p of [ann.page, guest.page, host.page]) {
      current = p;
      await shows(p.getByTestId("phase-banner").getByText("Dram 1 · Nose"));
    }
    current = page;
    await page.getByRole("combobox", { name: "Dram everyone is on" }).selectOption("2");
    for (const p of [ann.page, guest.page]) {
      current = p;
      await shows(p.getByTestId("phase-banner").getByText("Dram 2 · Pour"));
    }
    // The guest's score screen opens on the current pour.
    await shows(guest.page.getByRole("region", { name: "Score Dram 2" }));
  });

  it("the guest and the member score blind", async () => {
    const page = (current = guest.page);
    await page.getByRole("tab", { name: "Dram 1" }).click();
    const form = page.getByRole("region", { name: "Score Dram 1" });
    // The member's score screen: nothing until a part is given, then saved as they go.
    await shows(form.getByText("Not scored yet: your score is saved as you give it."));
    for (let i = 0; i < 3; i++) await form.getByRole("button", { name: "Nose: one more" }).click();
    await form.getByRole("textbox", { name: "Note" }).fill("Pear drops.");
    await shows(form.getByRole("status").getByText("Saved", { exact: true }));
    await shows(form.getByLabel("Total 3 out of 100"));
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Scores/1`,
      { nose: 20, palate: 20, finish: 20, balance: 20 },
      annMember.accessToken,
    );
    expect(await page.content()).not.toContain(firstBottle);
    expectNoPageErrors(guest.watch, "guest night");
  });

  it("the host reveals; the guest's phone shows the bottle live; the results mark the guest", async () => {
    const page = (current = host.page);
    await page.getByRole("button", { name: "Reveal Dram 1" }).click();
    current = guest.page;
    await shows(guest.page.getByRole("heading", { name: `Dram 1: ${firstBottle}` }), 10_000);
    current = ann.page;
    await visit(ann.page, `/meeting/${meetingId}/results`);
    const tasters = ann.page.getByTestId("tasters").first();
    await shows(tasters.getByText("Gina (guest)"));
    await shows(tasters.getByText("guest of Ann"));
    await shows(tasters.getByText("Ann Archer"));
    expectNoPageErrors(ann.watch, "results");
  });
});
