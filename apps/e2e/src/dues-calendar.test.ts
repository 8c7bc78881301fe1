import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import {
  ServerMessages,
  type DuesStatement,
  type MeetingListItem,
  type NextMeeting,
  type Rsvp,
} from "@club/shared";
import { signRsvpToken } from "@club/server";
import { nextFreeMeetingDay, formatDate, formatLongDate } from "@club/web/testing";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  screenshotOnFailure,
  visit,
} from "./support/browser";
import { DESKTOP, imagesAndFontsLoaded, noSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { chooseOption, dialog, hides, onScreen, shows, toast } from "./support/ui";

/**
 * Dues and the calendar in the browser: the Next meeting card and the calendar links on Home, a meeting's
 * .ics, the one-tap second Friday, a reminder's /rsvp link without login, a member's own dues and
 * email preferences, and the treasurer's flow on a phone (balances, a payment, no waiver offered to
 * a member who does not qualify yet, the CSV). The last test photographs every changed screen
 * (SHOTS_DIR) and checks that none scrolls sideways at 375 px.
 */
describe("calendar, reminders' links and the dues ledger", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  let treasurer: Member;
  let payer: Member;
  let next: NextMeeting;
  let nextMeeting: MeetingListItem;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const { open, watchOf } = pool;
  const main = (page: Page) => page.getByRole("main");
  /** On a phone the tables are hidden and the card lists shown: only what is on screen. */
  const seen = (locator: Locator) => locator.filter({ visible: true });

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
    treasurer = await club.member({ firstName: "Tess", lastName: "Treasurer" });
    payer = await club.member({ firstName: "Pat", lastName: "Payer" });
    await club.apiOk("PUT", `/api/Members/${treasurer.id}/Role`, { role: "treasurer" }, admin.accessToken);
    next = await club.apiOk<NextMeeting>("GET", "/api/MonthlyMeetings/Next");
    const list = await club.apiOk<MeetingListItem[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    expect(next.meetingId, "the demo club has its next meeting scheduled").not.toBeNull();
    nextMeeting = list.find((m) => m.id === next.meetingId)!;
  });

  afterEach(screenshotOnFailure("dues-calendar", pool.current));

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  it("Home: the Next meeting card on top, upcoming then past meetings, the subscribe links", async () => {
    const page = await open({ viewport: DESKTOP });
    await visit(page, "/");
    const card = main(page).getByRole("region", { name: "Next meeting" });
    await shows(card.getByText(`${formatLongDate(next.date)}, 7:00 PM`));
    await shows(card.getByText(`Club time zone: ${next.timezone}`));
    await shows(card.getByText(nextMeeting.theme, { exact: true }));
    await shows(card.getByText(nextMeeting.host, { exact: true }));
    await shows(card.getByText(/^\d+ going/));
    await shows(card.getByRole("link", { name: "Log in" }));
    expect(
      await card.getByRole("button", { name: "Going", exact: true }).count(),
      "no RSVP control for a visitor",
    ).toBe(0);

    const ics = card.getByRole("link", { name: "Add to calendar" });
    const href = await ics.getAttribute("href");
    expect(href).toBe(`/api/MonthlyMeetings/${nextMeeting.id}/Calendar`);
    const file = await fetch(`${club.baseUrl}${href}`);
    expect(file.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await file.text();
    expect(text).toContain("BEGIN:VEVENT");
    expect(text).toContain(`DTSTART;TZID=${next.timezone}:${next.date.replaceAll("-", "")}T190000`);

    const table = main(page).getByRole("table", { name: "Monthly meetings" });
    const labels = await table.locator("tbody tr td[colspan]").allInnerTexts();
    expect(labels.map((l) => l.trim())).toEqual(["Upcoming meetings", "Past meetings"]);
    const upcoming = table.locator("tbody").first();
    await shows(upcoming.getByRole("link", { name: formatDate(nextMeeting.date) }));

    await main(page).getByRole("button", { name: "Subscribe to the calendar" }).click();
    const d = dialog(page, "Subscribe to the calendar");
    const host = new URL(club.baseUrl).host;
    expect(await d.getByRole("link", { name: "Open in my calendar app" }).getAttribute("href")).toBe(
      `webcal://${host}/calendar.ics`,
    );
    expect(await d.getByRole("textbox", { name: "Subscription link" }).inputValue()).toBe(
      `webcal://${host}/calendar.ics`,
    );
    await shot(page, "home-subscribe-dialog-desktop-dark");
    expect(await d.getByRole("textbox", { name: "Web link (.ics)" }).inputValue()).toBe(
      `${club.baseUrl}/calendar.ics`,
    );
    const feed = await fetch(`${club.baseUrl}/calendar.ics`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");
    await d.getByRole("button", { name: "Close" }).click();
    await hides(d);
    expectNoCspViolations(watchOf(page), "/");
    expectNoPageErrors(watchOf(page), "/");
  });

  it("a member answers the next meeting from Home's card", async () => {
    const page = await open({ viewport: DESKTOP, as: payer });
    await visit(page, "/");
    const card = main(page).getByRole("region", { name: "Next meeting" });
    const going = card
      .getByRole("group", { name: "Your answer" })
      .getByRole("button", { name: "Going", exact: true });
    await going.click();
    await expect.poll(() => going.getAttribute("aria-pressed")).toBe("true");
    // Names are members' data: asked as a member.
    const rsvps = await club.apiOk<Rsvp[]>(
      "GET",
      `/api/MonthlyMeetings/${nextMeeting.id}/Rsvps`,
      undefined,
      payer.accessToken,
    );
    expect(rsvps.find((r) => r.member?.lastName === "Payer")?.status).toBe("going");
    // After a reload the answer is still shown as chosen.
    await visit(page, "/");
    await expect
      .poll(() =>
        main(page)
          .getByRole("group", { name: "Your answer" })
          .getByRole("button", { name: "Going", exact: true })
          .getAttribute("aria-pressed"),
      )
      .toBe("true");
  });

  it("Add Meeting keeps today's date and offers the next free second Friday as one tap", async () => {
    const page = pool.current()!;
    await main(page).getByRole("button", { name: "Add Meeting" }).click();
    const d = dialog(page, "Add Meeting");
    const date = d.getByLabel("Date");
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    expect(await date.inputValue()).toBe(today);
    const list = await club.apiOk<MeetingListItem[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const expected = nextFreeMeetingDay(
      today,
      list.map((m) => m.date),
    )!;
    expect(list.some((m) => m.date.slice(0, 10) === expected)).toBe(false);
    expect(new Date(`${expected}T00:00:00Z`).getUTCDay()).toBe(5);
    await d.getByRole("button", { name: `Next second Friday: ${formatDate(expected)}` }).click();
    expect(await date.inputValue()).toBe(expected);
    await shot(page, "add-meeting-dialog-desktop-dark");
    await d.getByRole("button", { name: "Cancel" }).click();
    await hides(d);
  });

  it("a meeting still ahead shows no 'Bottles Sampled' heading until it has bottles, and its .ics link", async () => {
    const theme = (await club.apiOk<{ id: number }[]>("GET", "/api/MonthlyThemes/WithLastDate"))[0]!;
    await club.apiOk(
      "POST",
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date: "2031-05-09", hostName: "Future Host", themeId: theme.id },
      admin.accessToken,
    );
    const list = await club.apiOk<MeetingListItem[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const future = list.find((m) => m.date.startsWith("2031-05-09"))!;
    const page = pool.current()!;
    await visit(page, `/monthlymeeting/${future.id}`);
    await onScreen(page, formatLongDate("2031-05-09"));
    await shows(main(page).getByText("The bottles will be listed here once they are added."));
    expect(await main(page).getByRole("heading", { name: "Bottles Sampled" }).count()).toBe(0);
    expect(await main(page).getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe(
      `/api/MonthlyMeetings/${future.id}/Calendar`,
    );
    // A past meeting keeps the floor's heading.
    const past = list.find((m) => m.date.slice(0, 10) < next.date)!;
    await visit(page, `/monthlymeeting/${past.id}`);
    await shows(main(page).getByRole("heading", { name: "Bottles Sampled" }));
  });

  it("a reminder's /rsvp link asks, answers without login, can change the answer, and refuses a bad link", async () => {
    const token = signRsvpToken(
      club.config,
      { memberId: payer.id, meetingId: nextMeeting.id },
      new Date(Date.now() + 30 * 86_400_000),
    );
    const page = await open({ viewport: PHONE });
    await visit(page, `/rsvp?token=${encodeURIComponent(token)}&status=maybe`);
    await onScreen(page, "Your answer");
    // Opening the link answers nothing (a mail scanner opens every link): it asks.
    await shows(main(page).getByText(`The meeting on ${formatLongDate(nextMeeting.date)}`));
    await shows(main(page).getByText("Answer “Maybe”?"));
    expect(watchOf(page).requestsTo("/trpc/reminders.rsvpByLink", "POST")).toHaveLength(0);
    await main(page).getByRole("button", { name: "Yes, answer Maybe" }).click();
    await shows(
      main(page).getByText(`You might come to the meeting on ${formatLongDate(nextMeeting.date)}.`),
    );
    expect(watchOf(page).requestsTo("/trpc/reminders.rsvpByLink", "POST")).toHaveLength(1);
    const answers = async () =>
      (
        await club.apiOk<Rsvp[]>(
          "GET",
          `/api/MonthlyMeetings/${nextMeeting.id}/Rsvps`,
          undefined,
          payer.accessToken,
        )
      ).find((r) => r.member?.lastName === "Payer")?.status;
    expect(await answers()).toBe("maybe");

    await main(page).getByRole("button", { name: "Not going" }).click();
    await shows(
      main(page).getByText(`You're not going to the meeting on ${formatLongDate(nextMeeting.date)}.`),
    );
    await expect.poll(answers).toBe("declined");
    expect(await main(page).getByRole("link", { name: "Open the meeting" }).getAttribute("href")).toBe(
      `/monthlymeeting/${nextMeeting.id}`,
    );
    expect(await noSidewaysScroll(page)).toBe(true);

    await visit(page, "/rsvp?token=not-a-real-token-at-all&status=going");
    await shows(main(page).getByRole("alert").getByText(ServerMessages.rsvpLinkInvalid));
    await visit(page, "/rsvp?status=going");
    await shows(main(page).getByRole("alert"));
    expectNoPageErrors(watchOf(page), "/rsvp");
  });

  it("a member sees their own dues on a phone and turns dues reminders off", async () => {
    const page = await open({ viewport: PHONE, as: payer });
    await visit(page, "/dues");
    await onScreen(page, "My dues");
    await shows(main(page).getByText("$52.00 due"));
    await shows(main(page).getByText("Nothing yet"));
    const history = main(page).getByRole("list", { name: "Dues history of Pat Payer" });
    await shows(history.getByText("Joining fee"));
    await shows(history.getByText(/^Dues for /));
    expect(await noSidewaysScroll(page)).toBe(true);

    // The nav: Dues for every member, Treasurer not for a plain member.
    await page.getByRole("button", { name: "Open navigation" }).click();
    // The phone menu's group opens by itself on one of its pages, as /dues is.
    await shows(page.getByRole("button", { name: "My club", expanded: true }));
    const nav = page.getByRole("navigation", { name: "Main" });
    await shows(nav.getByRole("link", { name: "Dues" }));
    expect(await nav.getByRole("link", { name: "Treasurer" }).count()).toBe(0);
    await page.getByRole("button", { name: "Close navigation" }).click();

    const duesSwitch = main(page).getByRole("switch", { name: "Dues reminders" });
    expect(await duesSwitch.isChecked()).toBe(true);
    await duesSwitch.click({ force: true });
    await shows(toast(page, "Email preferences saved."));
    const saved = await club.apiOk<{ duesReminders: boolean; meetingReminders: boolean }>(
      "GET",
      "/api/Account/Preferences",
      undefined,
      payer.accessToken,
    );
    expect(saved).toEqual({ meetingReminders: true, duesReminders: false });

    await visit(page, "/treasurer");
    await shows(main(page).getByText("Only the treasurer or an admin can see every member's dues."));
  });

  it("the treasurer, on a phone: balances, a payment, no waiver offered to a newcomer, the CSV", async () => {
    const page = await open({ viewport: PHONE, as: treasurer });
    await visit(page, "/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("button", { name: "My club" }).click(); // the phone menu's group
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Treasurer" }).click();
    await onScreen(page, "Treasurer");
    const list = main(page).getByRole("list", { name: "Dues of every member" });
    const payerCard = list.getByRole("listitem").filter({ hasText: "Pat Payer" });
    await shows(payerCard.getByText("$52.00 due"));
    // Joined this month: the $52 is due, not late (behind means a month before this one is unpaid).
    expect(await payerCard.getByText("$52.00 behind").count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);

    await payerCard.getByRole("button", { name: "Statement of Pat Payer" }).click();
    const statement = main(page).getByRole("region", { name: "Statement: Pat Payer" });
    await shows(seen(statement.getByText("Joining fee")));

    await statement.getByRole("button", { name: "Record payment" }).click();
    const pay = dialog(page, "Record payment: Pat Payer");
    const date = pay.getByLabel("Date received");
    const today = await date.inputValue();
    expect(await date.getAttribute("max")).toBe(today);
    await pay.getByLabel("Amount").fill("52");
    await chooseOption(pay, page, "Method", "bank transfer");
    await pay.getByLabel("Note").fill("First payment, by transfer");
    await shot(page, "treasurer-payment-dialog-phone-dark");
    await pay.getByRole("button", { name: "Record payment" }).click();
    await hides(pay);
    await shows(toast(page, "Payment of $52.00 (bank transfer) recorded for Pat Payer."));
    await shows(seen(statement.getByText("Paid up", { exact: true })));
    await shows(seen(statement.getByText("Payment (bank transfer)")));
    const after = await club.apiOk<DuesStatement>(
      "GET",
      `/api/Dues/Members/${payer.id}`,
      undefined,
      treasurer.accessToken,
    );
    expect(after.balance).toBe(0);
    expect(after.paidThrough).toBe(today.slice(0, 7));
    expect(after.entries[0]).toMatchObject({ kind: "payment", amount: -52, method: "bank transfer" });
    await shows(payerCard.getByText("Paid up"));

    // Pat joined today: Grant waiver is not offered, and the statement says which rule and from when.
    await shows(statement.getByText(/^Hardship waivers are for members of more than 12 months: from /));
    expect(await statement.getByRole("button", { name: "Grant waiver" }).count()).toBe(0);
    await shot(page, "treasurer-waiver-not-offered-phone-dark");
    const unchanged = await club.apiOk<DuesStatement>(
      "GET",
      `/api/Dues/Members/${payer.id}`,
      undefined,
      treasurer.accessToken,
    );
    expect(unchanged.entries.filter((e) => e.kind === "waiver")).toHaveLength(0);

    await shot(page, "treasurer-statement-phone-dark");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main(page).getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dues-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    // UTF-8 with a byte order mark (Excel), each date column saying its format.
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFmember,balance,paid through (YYYY-MM),date (YYYY-MM-DD),kind,month (YYYY-MM),amount,method,note,standing,entry,voided,voids,reason,pending",
    );
    expect(csv).toContain("Pat Payer,0.00");
    expect(csv).toContain('-52.00,bank transfer,"First payment, by transfer"');
    expect(await noSidewaysScroll(page)).toBe(true);
    expectNoCspViolations(watchOf(page), "/treasurer");
    expectNoPageErrors(watchOf(page), "/treasurer");
  });

  it("the treasurer, on a desktop: the My club menu, the table, a payment that pays a month ahead", async () => {
    const page = await open({ viewport: DESKTOP, as: treasurer, theme: "light" });
    await visit(page, "/");
    await page.getByText("My club", { exact: true }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Treasurer" }).click();
    await onScreen(page, "Treasurer");
    const table = main(page).getByRole("table", { name: "Dues of every member" });
    const payerRow = table.getByRole("row").filter({ hasText: "Pat Payer" });
    await shows(payerRow.getByText("Paid up"));
    await payerRow.getByRole("button", { name: "Pat Payer" }).click();
    const statement = main(page).getByRole("region", { name: "Statement: Pat Payer" });
    await statement.getByRole("button", { name: "Record payment" }).click();
    const pay = dialog(page, "Record payment: Pat Payer");
    await pay.getByLabel("Amount").fill("12");
    await chooseOption(pay, page, "Method", "cash");
    await pay.getByRole("button", { name: "Record payment" }).click();
    await hides(pay);
    await shows(toast(page, "Payment of $12.00 (cash) recorded for Pat Payer."));
    const after = await club.apiOk<DuesStatement>(
      "GET",
      `/api/Dues/Members/${payer.id}`,
      undefined,
      treasurer.accessToken,
    );
    expect(after.balance).toBe(-12);
    const [y, m] = after.entries
      .find((e) => e.kind === "monthly")!
      .month!.split("-")
      .map(Number) as [number, number];
    const nextMonth = `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, "0")}`;
    expect(after.paidThrough).toBe(nextMonth);
    expect(await noSidewaysScroll(page)).toBe(true);
    expectNoPageErrors(watchOf(page), "/treasurer on a desktop");
  });

  // One test per theme and size: 24 page loads in one test outlast its time limit on a busy machine.
  for (const theme of ["dark", "light"] as const)
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const)
      it(`every changed screen, ${size}, ${theme}: fits 375 px, 40 px tap targets (screenshots in SHOTS_DIR)`, async () => {
        const dir = process.env.SHOTS_DIR;
        if (dir) mkdirSync(dir, { recursive: true });
        const token = signRsvpToken(
          club.config,
          { memberId: payer.id, meetingId: nextMeeting.id },
          new Date(Date.now() + 30 * 86_400_000),
        );
        const screens: { name: string; path: string; as?: Member }[] = [
          { name: "home", path: "/", as: payer },
          { name: "about", path: "/about" },
          { name: "meeting", path: `/monthlymeeting/${nextMeeting.id}`, as: payer },
          { name: "dues", path: "/dues", as: payer },
          { name: "treasurer", path: "/treasurer", as: treasurer },
          { name: "rsvp", path: `/rsvp?token=${encodeURIComponent(token)}&status=going` },
        ];
        for (const screen of screens) {
          const page = await open({ viewport, theme, as: screen.as ?? null });
          await visit(page, screen.path);
          await imagesAndFontsLoaded(page);
          if (size === "phone") {
            expect(await noSidewaysScroll(page), `${screen.name} scrolls sideways (${theme})`).toBe(true);
            const small = await main(page)
              .locator("button:visible, a[href]:visible[class*='Button']")
              .evaluateAll((els) =>
                els
                  .map((el) => ({ name: el.textContent?.trim() ?? "", h: el.getBoundingClientRect().height }))
                  .filter((b) => b.h > 0 && b.h < 40),
              );
            if (["dues", "treasurer", "rsvp"].includes(screen.name))
              expect(small, `small tap targets on ${screen.name}`).toEqual([]);
          }
          if (dir)
            await page.screenshot({ path: join(dir, `${screen.name}-${size}-${theme}.png`), fullPage: true });
          await pool.closeLast();
        }
      });
});
