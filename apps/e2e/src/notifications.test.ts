import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { longDate } from "@club/shared";
import { launchChromium, openSession, screenshotOnFailure, visit, type Session } from "./support/browser";
import { closeInOrder, PHONE } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";
import { onScreen, shows } from "./support/ui";

/**
 * Notifications where members are, on a 375 px phone: Milo is going to a blind night; the host
 * reveals the bottles and Milo's bell counts the new notification without a reload; he taps the
 * bell, sees the reveal's notification, taps it: the meeting opens and the notification is read.
 */
describe("a member's notifications", () => {
  let club: Club;
  let browser: Browser;
  let hana: Member;
  let milo: Member;
  let session: Session;
  let meetingId = 0;
  let date = "";
  let current: Page | undefined;

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    browser = await launchChromium();
    hana = await club.member({ firstName: "Hana", lastName: "Host" });
    milo = await club.member({ firstName: "Milo", lastName: "Member" });
    const theme = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyThemes",
      { id: 0, description: "Islay" },
      hana.accessToken,
    );
    date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    meetingId = (
      await club.apiOk<{ id: number }>(
        "POST",
        "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
        { date, hostName: "Hana Host", themeId: theme.id },
        hana.accessToken,
      )
    ).id;
    const bottle = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Bottles/NewBottle",
      {
        name: "Lagavulin 16",
        storeLink: "",
        brandId: null,
        newBrand: "",
        drinkTypeId: null,
        countryId: null,
        stateId: null,
        abv: 43,
      },
      hana.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
      { pours: [{ bottleId: bottle.id, pourMl: 25 }] },
      hana.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Settings`,
      { capacity: null, blind: true, scoringOpen: true, hostMemberId: hana.id },
      hana.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Rsvp`,
      { status: "going", guests: 0 },
      milo.accessToken,
    );
    session = await openSession(browser, club.baseUrl, { viewport: PHONE, mobile: true, as: milo });
  });

  afterEach(screenshotOnFailure("notifications", () => current));
  afterAll(() => closeInOrder(session, browser, club));

  it("the bell counts the reveal's notification when the host reveals; a tap on it opens the meeting", async () => {
    const page = (current = session.page);
    const header = page.getByRole("banner");
    await visit(page, "/");
    // The new meeting is the one notification so far.
    await shows(header.getByRole("link", { name: "Notifications, 1 unread" }));

    await club.apiOk("POST", `/api/MonthlyMeetings/${meetingId}/Reveal`, {}, hana.accessToken);
    // No reload: the bell asks again by itself.
    await shows(header.getByRole("link", { name: "Notifications, 2 unread" }), 45_000);

    await header.getByRole("link", { name: "Notifications, 2 unread" }).tap();
    await onScreen(page, "Notifications");
    const main = page.getByRole("main");
    const text = `The bottles of ${longDate(date)} are revealed.`;
    const reveal = main.getByRole("button", { name: new RegExp(`^${text.replace(/[.]/g, "\\.")}`) });
    await shows(reveal);
    await shows(main.getByRole("button", { name: /^New club meeting on/ }));
    await reveal.tap();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/monthlymeeting/${meetingId}`);
    await shows(header.getByRole("link", { name: "Notifications, 1 unread" }));
    const unread = await club.apiOk<{ text: string }[]>(
      "GET",
      "/api/Notifications?unread=true",
      undefined,
      milo.accessToken,
    );
    expect(unread.map((n) => n.text)).toEqual([expect.stringMatching(/^New club meeting on/)]);

    await header.getByRole("link", { name: "Notifications, 1 unread" }).tap();
    await onScreen(page, "Notifications");
    await main.getByRole("button", { name: "Mark all read" }).tap();
    await shows(header.getByRole("link", { name: "Notifications", exact: true }));
    await shows(main.getByRole("button", { name: "Mark all read" }).and(page.locator(":disabled")));
  });
});
