import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { PHONE } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";
import { closeToast, dialog, hides, onScreen, selectBox, shows } from "./support/ui";

/**
 * A blind meeting night run end to end on phones (375 px), three members in their own
 * browser contexts: the host (the demo admin) sets the night and the flight, two members answer
 * (one waits, then gets the place), score with tags and guesses, see only "Dram N" until the host
 * reveals a pour, which their open pages show without a reload; then the results.
 */
const FIRST = "Eagle Rare 10 Year";
const SECOND = "WhistlePig 10 Year Rye";

describe("meeting night (blind, three phones)", () => {
  let club: Club;
  let browser: Browser;
  let meetingId = 0;
  let host: Session;
  let ann: Session;
  let ben: Session;
  let annMember: Member;
  let benMember: Member;
  let current: Page | undefined;

  const main = (page: Page) => page.getByRole("main");
  const meetingPath = () => `/monthlymeeting/${meetingId}`;
  /** Marks the document: a reload or a full navigation loses the mark. */
  const mark = (page: Page) =>
    page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
  const stillSameDocument = (page: Page) =>
    page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true);

  /** Ticks a flavour chip or picks a segment (their inputs are visually hidden under the label). */
  const pick = (page: Page, name: string) =>
    main(page)
      .locator("label")
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    const meetings = await club.apiOk<{ id: number; date: string }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const today = new Date().toISOString().slice(0, 10);
    const upcoming = meetings.filter((m) => m.date >= today).sort((a, b) => a.date.localeCompare(b.date));
    meetingId = upcoming[0]!.id;
    const admin = await club.tokensFor("demo@whiskey.club");
    annMember = await club.member({ firstName: "Ann", lastName: "Archer" });
    benMember = await club.member({ firstName: "Ben", lastName: "Baker" });
    host = await openSession(browser, club.baseUrl, { as: admin, viewport: PHONE });
    ann = await openSession(browser, club.baseUrl, { as: annMember, viewport: PHONE });
    ben = await openSession(browser, club.baseUrl, { as: benMember, viewport: PHONE });
  });

  afterEach(screenshotOnFailure("meeting-night", () => current));

  afterAll(async () => {
    for (const s of [host, ann, ben]) await s?.close();
    await browser?.close();
    await club?.close();
  });

  it("the host makes the night blind with one place and sets a flight of two from the library", async () => {
    const page = (current = host.page);
    await visit(page, meetingPath());
    await page.getByRole("button", { name: "Night settings" }).click();
    const settings = dialog(page, "Night settings");
    await settings.getByRole("textbox", { name: "Capacity" }).fill("1");
    await settings.getByRole("switch", { name: "Blind tasting" }).check({ force: true });
    await settings.getByRole("button", { name: "Save" }).click();
    await hides(settings);
    await closeToast(page, "Night settings saved.");
    await shows(main(page).getByText("Blind", { exact: true }));

    await page.getByRole("button", { name: "Edit flight" }).click();
    const editor = dialog(page, "Edit flight");
    const picker = selectBox(editor, "Add bottles from the library");
    for (const name of [SECOND, FIRST]) {
      await picker.click();
      await picker.fill(name.split(" ")[0]!);
      await page.getByRole("option", { name, exact: true }).click();
    }
    await picker.press("Escape");
    await editor.getByRole("button", { name: "Add to flight" }).click();
    // Picked in the wrong order: move the Eagle Rare up to pour 1.
    await editor.getByRole("button", { name: `Move ${FIRST} up` }).click();
    const order = await editor
      .getByRole("list", { name: "Pours in order" })
      .getByRole("listitem")
      .allInnerTexts();
    expect(order.map((t) => t.split("\n")[0])).toEqual([`1. ${FIRST}`, `2. ${SECOND}`]);
    await editor.getByRole("button", { name: "Save flight" }).click();
    await hides(editor);
    await closeToast(page, "Flight saved.");

    const flight = await club.apiOk<{ bottle: { name: string } | null; pourMl: number }[]>(
      "GET",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
    );
    expect(flight.map((p) => [p.bottle, p.pourMl])).toEqual([
      [null, 25],
      [null, 25],
    ]);
    // The host sees what is poured, marked hidden from members.
    await shows(main(page).getByRole("link", { name: FIRST }));
    await shows(main(page).getByRole("button", { name: "Reveal Dram 1" }));
    expectNoPageErrors(host.watch, "host meeting page");
  });

  it("members answer: the second going waits, and gets the place live when the first declines", async () => {
    await visit(ann.page, meetingPath());
    await visit(ben.page, meetingPath());
    await mark(ben.page);
    current = ann.page;
    await pick(ann.page, "Going");
    await shows(main(ann.page).getByText("You have a place. See you there!"));
    current = ben.page;
    await pick(ben.page, "Going");
    await shows(main(ben.page).getByText(/you are number 1 on the waitlist/));
    await shows(main(ben.page).getByRole("list", { name: "Waitlist" }).getByText("Ben Baker"));

    current = ann.page;
    await pick(ann.page, "Not going");
    await shows(main(ann.page).getByText("You are not going."));
    // Ben's open page hears of it over the live stream.
    current = ben.page;
    await shows(main(ben.page).getByText("You have a place. See you there!"), 5_000);
    await shows(main(ben.page).getByRole("list", { name: "Not going" }).getByText("Ann Archer"));
    expect(await stillSameDocument(ben.page)).toBe(true);
    await expect
      .poll(
        () =>
          club.smtp.messages.filter(
            (m) => m.to.includes(benMember.email) && m.raw.includes("A place opened up"),
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    // Ann changes her mind: maybe, with a guest.
    current = ann.page;
    await pick(ann.page, "Maybe");
    await pick(ann.page, "1");
    await shows(main(ann.page).getByRole("list", { name: "Maybe" }).getByText("+1 guest"));
  });

  it("members see Dram 1 and Dram 2, never the bottles, and score with tags and guesses", async () => {
    for (const s of [ann, ben]) {
      const page = (current = s.page);
      await shows(main(page).getByText("Dram 1", { exact: true }));
      await shows(main(page).getByText("Dram 2", { exact: true }));
      const text = await page.content();
      expect(text).not.toContain(FIRST);
      expect(text).not.toContain(SECOND);
    }

    const page = (current = ann.page);
    await page.getByRole("link", { name: "Score Dram 1" }).click();
    await onScreen(page, "Dram 1");
    await page.getByRole("slider", { name: "Nose" }).focus();
    await page.keyboard.press("End");
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Nose: one less" }).click();
    for (let i = 0; i < 20; i++) await page.getByRole("button", { name: "Palate: one more" }).click();
    await page.getByRole("slider", { name: "Finish" }).focus();
    for (let i = 0; i < 18; i++) await page.keyboard.press("ArrowRight");
    await page.getByRole("slider", { name: "Balance" }).focus();
    for (let i = 0; i < 21; i++) await page.keyboard.press("ArrowRight");
    await shows(page.getByLabel("Total 81 out of 100"));
    await pick(page, "vanilla");
    await pick(page, "honey");
    await page.getByRole("textbox", { name: "Note" }).fill("Toffee and orange peel.");
    await page.getByRole("textbox", { name: "Guess ABV" }).fill("45");
    await shows(page.getByRole("status").filter({ hasText: /^Saved$/ }));
    expect((await page.content()).includes(FIRST)).toBe(false);

    const mine = await club.apiOk<
      { pour: number; total: number; tags: string[]; note: string; guess: { abv: number } }[]
    >("GET", `/api/MonthlyMeetings/${meetingId}/MyScores`, undefined, annMember.accessToken);
    expect(mine).toEqual([
      expect.objectContaining({
        pour: 1,
        total: 81,
        tags: ["vanilla", "honey"],
        note: "Toffee and orange peel.",
        guess: expect.objectContaining({ abv: 45 }),
      }),
    ]);

    await page.getByRole("link", { name: "Next →" }).click();
    await onScreen(page, "Dram 2");
    for (let i = 0; i < 15; i++) await page.getByRole("button", { name: "Nose: one more" }).click();
    await pick(page, "spicy");
    await shows(page.getByRole("status").filter({ hasText: /^Saved$/ }));
    // The connection drops: the change is kept and saved once it is back, once.
    await ann.context.setOffline(true);
    await page.getByRole("button", { name: "Nose: one more" }).click();
    await shows(page.getByRole("status").filter({ hasText: "No connection" }));
    await ann.context.setOffline(false);
    await shows(page.getByRole("status").filter({ hasText: /^Saved$/ }));
    const afterOutage = await club.apiOk<{ pour: number; nose: number }[]>(
      "GET",
      `/api/MonthlyMeetings/${meetingId}/MyScores`,
      undefined,
      annMember.accessToken,
    );
    expect(afterOutage.map((s) => [s.pour, s.nose])).toEqual([
      [1, 22],
      [2, 16],
    ]);

    // Ben scores Dram 1 from the meeting page.
    current = ben.page;
    await ben.page.getByRole("link", { name: "Score Dram 1" }).click();
    await onScreen(ben.page, "Dram 1");
    await ben.page.getByRole("slider", { name: "Nose" }).focus();
    for (let i = 0; i < 22; i++) await ben.page.keyboard.press("ArrowRight");
    await pick(ben.page, "woody");
    await ben.page.getByRole("textbox", { name: "Guess ABV" }).fill("50");
    await shows(ben.page.getByRole("status").filter({ hasText: /^Saved$/ }));
  });

  it("the host reveals Dram 1: the others' open pages show its name without a reload", async () => {
    // Ann is back on the meeting page, Ben still on his scoring screen of Dram 1.
    await visit(ann.page, meetingPath());
    await mark(ann.page);
    await mark(ben.page);
    await shows(main(ann.page).getByText("Live"));
    await shows(main(ben.page).getByText("Live"));

    current = host.page;
    await host.page.getByRole("button", { name: "Reveal Dram 1" }).click();

    current = ann.page;
    await shows(main(ann.page).getByRole("link", { name: FIRST }), 3_000);
    current = ben.page;
    await shows(main(ben.page).getByRole("heading", { level: 1, name: FIRST }), 3_000);
    expect(await stillSameDocument(ann.page)).toBe(true);
    expect(await stillSameDocument(ben.page)).toBe(true);
    // Dram 2 stays hidden.
    expect(await ann.page.content()).not.toContain(SECOND);
    await shows(main(ann.page).getByText("Dram 2", { exact: true }));
  });

  it("the results show the averages, the ranking, my score beside the club's and who guessed closest; the journal, the bottle's page and the library follow", async () => {
    const page = (current = ann.page);
    await page.getByRole("link", { name: "Results" }).first().click();
    await onScreen(page, "Results");
    const first = main(page).getByRole("article", { name: `Dram 1: ${FIRST}` });
    await shows(first);
    // Ann 81, Ben 22: average 51.5.
    await shows(first.getByText("51.5").first());
    await shows(first.getByText(/Your score: 81/));
    await shows(first.getByText(/Closest ABV: Ann Archer \(45%, off by 0\)/));
    // Dram 2 is not revealed yet: its figures, and the night's ranking, wait for the reveal.
    await shows(main(page).getByText("The night's ranking shows after the reveal."));
    await shows(
      main(page)
        .getByRole("article", { name: "Dram 2" })
        .getByText("1 score so far. Results after the reveal."),
    );
    expect(await page.content()).not.toContain(SECOND);
    // The CSV has names and notes: members only, fetched with the session's token.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main(page).getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^meeting-\d{4}-\d{2}-\d{2}-results\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe(
      "\ufeffpour,label,bottle,member,nose,palate,finish,balance,total,note,tags,guest,guest of",
    );
    expect(csv).toContain("Ann Archer");

    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("button", { name: "My club" }).click(); // the phone menu's group
    await page.locator("#mobile-navigation").getByRole("link", { name: "Journal" }).click();
    await onScreen(page, "My tasting journal");
    await shows(main(page).getByText("Toffee and orange peel."));

    // The bottle's page: poured at this meeting, with the club's average; the library's club score.
    const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles");
    const firstId = bottles.find((b) => b.name === FIRST)!.id;
    await visit(page, `/bottle/${firstId}`);
    const pouredAt = main(page).getByRole("list", { name: "Poured at" });
    await shows(pouredAt.getByRole("link", { name: /2\d{3}/ }));
    await shows(pouredAt.getByText("51.5/100"));
    // The library's Club score column is a desktop table's (a phone shows compact rows).
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, "/library-bottles?sort=score&dir=desc");
    await shows(main(page).getByRole("button", { name: "Club score" }));
    // The demo club's own scored nights count too: the row shows the club's score over every
    // revealed pour of the bottle, this night's 51.5 among them.
    const found = await club.apiOk<{ items: { name: string; clubScore: number | null }[] }>(
      "GET",
      `/api/Bottles/Search?q=${encodeURIComponent(FIRST)}`,
    );
    const clubScore = found.items.find((b) => b.name === FIRST)?.clubScore;
    expect(clubScore).not.toBeNull();
    const row = main(page).getByRole("row").filter({ hasText: FIRST });
    expect((await row.first().innerText()).replace(/\s+/g, " ")).toContain(
      String(Math.round(clubScore! * 10) / 10),
    );

    for (const s of [host, ann, ben]) {
      expectNoPageErrors(s.watch, "meeting night");
      expectNoCspViolations(s.watch, "meeting night");
    }
  });
});
