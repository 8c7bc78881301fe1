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
import { expectNoSidewaysScroll, PHONE } from "./support/harness";
import { decodeQuotedPrintable, startClub, type Club, type Member } from "./support/server";
import { dialog, shows, toast } from "./support/ui";

/**
 * Between the nights, on phones: at tonight's meeting two members volunteer to host the next one
 * and vote for its theme (one adds a theme idea first); the host closes the vote and the next
 * meeting is made with the chosen theme and a volunteer as its host. The host then writes to
 * everyone going, by email, and the message stays on the meeting's page.
 */
describe("hosts and themes chosen at the prior meeting (phones)", () => {
  let club: Club;
  let browser: Browser;
  let host: Member;
  let ann: Member;
  let bob: Member;
  let meetingId = 0;
  const sessions: Session[] = [];
  let current: Page | undefined;

  const open = async (as: Member | null) => {
    const session = await openSession(browser, club.baseUrl, { as, viewport: PHONE, mobile: true });
    sessions.push(session);
    current = session.page;
    return session;
  };

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    browser = await launchChromium();
    host = await club.member({ firstName: "Hal", lastName: "Host" });
    ann = await club.member({ firstName: "Ann", lastName: "Archer" });
    bob = await club.member({ firstName: "Bob", lastName: "Baker" });
    const peat = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyThemes",
      { id: 0, description: "Peat and smoke" },
      host.accessToken,
    );
    await club.apiOk("POST", "/api/MonthlyThemes", { id: 0, description: "Sherry casks" }, host.accessToken);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: club.config.clubTimezone }).format(new Date());
    meetingId = (
      await club.apiOk<{ id: number }>(
        "POST",
        "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
        { date: today, hostName: "Hal Host", themeId: peat.id },
        host.accessToken,
      )
    ).id;
    for (const m of [ann, bob])
      await club.apiOk(
        "PUT",
        `/api/MonthlyMeetings/${meetingId}/Rsvp`,
        { status: "going", guests: 0 },
        m.accessToken,
      );
  });

  afterEach(screenshotOnFailure("between-nights", () => current));
  afterAll(async () => {
    for (const s of sessions) await s.close();
    await browser?.close();
    await club?.close();
  });

  it("two members volunteer and vote on their phones, one adding a theme idea", async () => {
    const a = await open(ann);
    await visit(a.page, `/monthlymeeting/${meetingId}`);
    const annNext = a.page.getByRole("region", { name: "The next meeting" });
    await shows(annNext.getByText("No one has volunteered to host yet."));
    await annNext.getByRole("button", { name: "Volunteer to host" }).tap();
    await shows(annNext.getByText("Volunteered to host: Ann Archer"));
    await annNext.getByRole("button", { name: "Vote for Sherry casks" }).tap();
    await shows(annNext.getByText("Your vote"));
    await expectNoSidewaysScroll(a.page);

    const b = await open(bob);
    await visit(b.page, `/monthlymeeting/${meetingId}`);
    const bobNext = b.page.getByRole("region", { name: "The next meeting" });
    await shows(bobNext.getByText("Volunteered to host: Ann Archer"));
    await bobNext.getByRole("button", { name: "Volunteer to host" }).tap();
    await shows(bobNext.getByText("Volunteered to host: Ann Archer, Bob Baker"));
    // A theme idea added here is on the list at once.
    await bobNext.getByRole("button", { name: "Add a theme idea" }).tap();
    const add = dialog(b.page, "Add New Theme");
    await add.getByLabel("Theme name").fill("Rye whiskey");
    await add.getByRole("button", { name: "Submit" }).tap();
    await shows(bobNext.getByRole("button", { name: "Vote for Rye whiskey" }));
    await bobNext.getByRole("button", { name: "Vote for Sherry casks" }).tap();
    const sherry = bobNext.getByRole("listitem").filter({ hasText: "Sherry casks" });
    await shows(sherry.getByText("2 votes"));
    await shows(sherry.getByText("Your vote"));
    // Only whoever runs the night closes the vote.
    expect(await bobNext.getByRole("button", { name: "Close the vote" }).count()).toBe(0);
    expectNoPageErrors(b.watch, "voting");
  });

  it("the host closes the vote: the next meeting has the theme and a volunteer as its host", async () => {
    const h = await open(host);
    await visit(h.page, `/monthlymeeting/${meetingId}`);
    const next = h.page.getByRole("region", { name: "The next meeting" });
    await shows(next.getByRole("listitem").filter({ hasText: "Sherry casks" }).getByText("2 votes"));
    await next.getByRole("button", { name: "Close the vote" }).tap();
    const close = dialog(h.page, "Close the vote");
    await close.getByLabel("Host").selectOption({ label: "Bob Baker" });
    await expect.poll(() => close.getByLabel("Theme").inputValue()).not.toBe("");
    await close.getByRole("button", { name: "Make the next meeting" }).tap();
    await shows(toast(h.page, "The next meeting is made."));
    // The new meeting's page: Bob hosts, the theme is the vote's.
    await shows(h.page.getByText("Bob Baker"));
    await shows(h.page.getByText("Sherry casks"));
    expect(h.page.url()).not.toContain(`/monthlymeeting/${meetingId}`);
    // Beside the .ics, the meeting in Google Calendar and Outlook: 7:00 PM in the club's zone.
    const google = new URL(
      (await h.page.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href"))!,
    );
    expect(google.hostname).toBe("calendar.google.com");
    expect(google.searchParams.get("text")).toBe("Whiskey Tasting Club: Sherry casks");
    expect(google.searchParams.get("ctz")).toBe(club.config.clubTimezone);
    const outlook = new URL(
      (await h.page.getByRole("link", { name: "Add to Outlook" }).getAttribute("href"))!,
    );
    expect(outlook.hostname).toBe("outlook.live.com");
    expect(outlook.searchParams.get("subject")).toBe("Whiskey Tasting Club: Sherry casks");

    // Ann's page of tonight's meeting says where the next one is.
    const a = sessions[0]!;
    await a.page.reload();
    await shows(a.page.getByRole("link", { name: /Sherry casks, hosted by Bob Baker/ }));
    expectNoPageErrors(h.watch, "closing the vote");
  });

  it("the host writes to everyone going: they get an email, and the message stays on the page", async () => {
    const h = await open(host);
    await visit(h.page, `/monthlymeeting/${meetingId}`);
    await h.page.getByRole("button", { name: "Write to the club" }).tap();
    const write = dialog(h.page, "Write to the club");
    await write.getByLabel("Subject").fill("Glasses tonight");
    await write.getByLabel("Message").fill("Bring your own Glencairn, please.");
    await write.getByRole("button", { name: "Send" }).tap();
    await shows(toast(h.page, "Sent to 2 members."));
    const messages = h.page.getByRole("region", { name: "Messages" });
    await shows(messages.getByText("Bring your own Glencairn, please."));

    const mail = decodeQuotedPrintable(await club.smtp.waitForMessage(ann.email, 10_000, "Glasses tonight"));
    expect(mail).toContain("Bring your own Glencairn, please.");
    const a = sessions[0]!;
    current = a.page;
    await a.page.reload();
    await shows(a.page.getByRole("region", { name: "Messages" }).getByText("Glasses tonight"));
    await expectNoSidewaysScroll(a.page);
  });
  it("after the night the host invites a guest who left an address to become a member", async () => {
    const { code } = await club.apiOk<{ code: string }>(
      "POST",
      `/api/MonthlyMeetings/${meetingId}/GuestCode`,
      undefined,
      host.accessToken,
    );
    await club.apiOk("POST", "/api/Guests/Join", { code, firstName: "Gina", email: "gina@example.com" });
    const h = await open(host);
    await visit(h.page, `/monthlymeeting/${meetingId}`);
    await h.page.getByRole("button", { name: "Invite guests to score" }).tap();
    await h.page.getByRole("button", { name: "Invite Gina to join the club" }).tap();
    await shows(toast(h.page, "Invite sent."));
    await shows(h.page.getByText("Invited"));
    const mail = decodeQuotedPrintable(
      await club.smtp.waitForMessage("gina@example.com", 10_000, "Join the"),
    );
    const link = /https?:\/\/\S+\/register\?invite=\S+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    // The sign-up page the link opens has her address filled in.
    const g = await open(null);
    await g.page.goto(link!);
    await expect.poll(() => g.page.getByLabel("Email").first().inputValue()).toBe("gina@example.com");
  });
});
