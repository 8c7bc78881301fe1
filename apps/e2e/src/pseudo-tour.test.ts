import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { CLUB_IMPORT_CONFIRMATION } from "@club/shared";
import { launchChromium, screenshotOnFailure, visit } from "./support/browser";
import { cutOffButtons, noSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { shows } from "./support/ui";

/**
 * Nothing escapes the catalogues: an admin who reads the app in the pseudo-locale (every text
 * accented, 40 % longer and bracketed) opens every screen of a club with data on a phone. Any
 * word of plain ASCII letters left on a screen, beside the club's own data (names, bottles,
 * themes, dates the locale writes in English), is a text that did not come from a catalogue. The
 * screens are also checked for sideways scroll.
 */
describe("every screen in the pseudo-locale and in German (phone, admin)", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  /** Every word of the club's own data, which the screens show as typed. */
  const dataWords = new Set<string>();

  const collect = (value: unknown) => {
    if (typeof value === "string") for (const word of value.match(/[A-Za-z]+/g) ?? []) dataWords.add(word);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };

  let meetingId = 0;
  let bottleId = 0;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
    const get = (path: string) => club.apiOk<unknown>("GET", path, undefined, admin.accessToken);
    const meetings = (await get("/api/MonthlyMeetings/GetMonthlyMeetingsWithNames")) as {
      id: number;
      date: string;
    }[];
    const bottles = (await get("/api/Bottles/AllBottlesList")) as { id: number }[];
    for (const path of [
      "/api/Bottles/AllBottlesList",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
      "/api/Members",
      "/api/MonthlyThemes/WithLastDate",
      "/api/DrinkTypes",
      "/api/Countries",
      "/api/States",
      "/api/Club/Settings",
      "/api/Stats",
      "/api/Shelf",
      "/api/Wishlist",
      "/api/Dues",
      "/api/Me/Tastings",
    ])
      collect(await get(path));
    // The demo's revealed night: its earliest meeting, scored and revealed.
    meetingId = [...meetings].sort((a, b) => a.date.localeCompare(b.date))[0]!.id;
    bottleId = bottles[0]!.id;
    for (const path of [
      `/api/MonthlyMeetings/${meetingId}`,
      `/api/Bottles/${bottleId}`,
      `/api/BottleComments/bottle/${bottleId}`,
    ])
      collect(await get(path));
    // Each member's ledger: a void's reason is the treasurer's own words.
    const members = (await get("/api/Members")) as { id: number }[];
    for (const { id } of members) collect(await get(`/api/Dues/Members/${id}`));
  });

  afterEach(screenshotOnFailure("pseudo-tour", pool.current));
  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  /** English month and weekday names (the pseudo-locale formats dates as en-US). */
  const DATE_WORDS = new Set(
    [
      ...Array.from({ length: 12 }, (_, m) => [
        new Date(2026, m, 1).toLocaleString("en-US", { month: "long" }),
        new Date(2026, m, 1).toLocaleString("en-US", { month: "short" }),
      ]),
      ...Array.from({ length: 7 }, (_, d) => [
        new Date(2026, 10, 1 + d).toLocaleString("en-US", { weekday: "long" }),
        new Date(2026, 10, 1 + d).toLocaleString("en-US", { weekday: "short" }),
      ]),
      ["AM", "PM"],
      // The club's time zone, as configured, and the word an admin types to restore the club.
      ["UTC", CLUB_IMPORT_CONFIRMATION],
    ].flat(),
  );

  /** The visible texts of the page (and their accessible names) with a plain ASCII word outside the data. */
  async function escapes(page: Page): Promise<string[]> {
    const texts = await page.evaluate(() => {
      const out: string[] = [];
      const visible = (el: Element) => {
        const box = (el as HTMLElement).getBoundingClientRect?.();
        const style = getComputedStyle(el);
        return box && box.width > 0 && box.height > 0 && style.visibility !== "hidden";
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest("script, style, time, code, pre, [translate='no']")) continue;
        if (!visible(parent)) continue;
        const text = node.textContent?.trim();
        if (text) out.push(text);
      }
      for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
        if (!visible(el)) continue;
        for (const name of ["aria-label", "placeholder", "title"]) {
          const value = el.getAttribute(name)?.trim();
          if (value) out.push(value);
        }
      }
      return out;
    });
    return [
      ...new Set(
        texts.filter((text) =>
          // A word cut off with an ellipsis (a chart's axis) is the start of a data word.
          (text.match(/\b[A-Za-z]{2,}\b(?!…)/g) ?? []).some(
            (word) => !dataWords.has(word) && !DATE_WORDS.has(word),
          ),
        ),
      ),
    ];
  }

  const SCREENS = () => [
    "/",
    "/library-bottles",
    "/shelf",
    "/theme-ideas",
    "/stats",
    "/about",
    "/journal",
    "/wishlist",
    "/activity",
    `/bottle/${bottleId}`,
    `/monthlymeeting/${meetingId}`,
    "/account",
    "/notifications",
    "/members",
    `/meeting/${meetingId}/score/1`,
    `/meeting/${meetingId}/results`,
    `/meeting/${meetingId}/print/tasting`,
    `/meeting/${meetingId}/print/results`,
    "/dues",
    "/treasurer",
    "/treasurer/report",
    "/admin/backups",
    "/admin/club",
    "/admin/webhooks",
    "/import",
  ];

  /**
   * Every screen in `language` on a phone: no sideways scroll, no cut-off button text; in the
   * pseudo-locale, no text that is not the catalogue's.
   */
  async function tour(language: "en-XA" | "de", theme: "light" | "dark") {
    await club.apiOk("PUT", "/api/Account/Language", { language }, admin.accessToken);
    const page = await pool.open({ viewport: PHONE, mobile: true, as: admin, theme });
    const found: Record<string, string[]> = {};
    const cut: Record<string, (string | null)[]> = {};
    for (const path of SCREENS()) {
      await visit(page, path);
      await shows(page.locator("main h1, h1").first());
      // A new device's first page comes in the club's language until the app has read the member's.
      await expect.poll(() => page.locator("html").getAttribute("lang"), { timeout: 10_000 }).toBe(language);
      // A screen's data has come when nothing on it says it is loading.
      await expect.poll(() => page.locator("[aria-busy='true'], .mantine-Loader-root").count()).toBe(0);
      if (language === "en-XA") {
        const left = await escapes(page);
        if (left.length) found[path] = left;
      }
      const clipped = await cutOffButtons(page);
      if (clipped.length) cut[path] = clipped;
      expect(await noSidewaysScroll(page), `${path} scrolls sideways`).toBe(true);
    }
    await shot(page, `tour-last-${language}-phone-${theme}`);
    await page.close();
    return { found, cut };
  }

  it("in the pseudo-locale no screen shows a text that is not the catalogue's, and every label fits", async () => {
    const { found, cut } = await tour("en-XA", "light");
    expect(found).toEqual({});
    expect(cut).toEqual({});
  });

  it("in German every screen fits the phone, its labels whole", async () => {
    const { cut } = await tour("de", "dark");
    expect(cut).toEqual({});
  });
});
