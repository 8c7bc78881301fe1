import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, openSession, settle, type Session } from "./support/browser";
import { startClub, type Club } from "./support/server";

const PHONE = { width: 375, height: 812 };

/**
 * No public page moves under the reader while it loads. Every page of the product's route table (docs/product.md),
 * opened cold (a fresh browser context: no cache, no service worker) on a 375 px phone, adds up
 * its layout shifts (PerformanceObserver 'layout-shift', as Lighthouse's CLS) from the first paint
 * until the page has settled: no spinner left, the fonts and every image loaded. The sum is 0.
 */
describe("public pages: no layout shift on a phone's cold load (CLS 0)", () => {
  let club: Club;
  let browser: Browser;
  let bottleId: number;
  let meetingId: number;
  const sessions: Session[] = [];

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    const bottles = await club.apiOk<{ items: { id: number }[] }>("GET", "/api/Bottles/Search");
    bottleId = bottles.items[0]?.id ?? 0;
    const meetings = await club.apiOk<{ id: number }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    meetingId = meetings[0]?.id ?? 0;
    expect(bottleId).toBeGreaterThan(0);
    expect(meetingId).toBeGreaterThan(0);
    // The server loads the library's prerender on its first use: done here, so the pages' loads
    // measure a browser's cold start, not the server's.
    const warm = await fetch(`${club.baseUrl}/library-bottles`, { headers: { accept: "text/html" } });
    expect(warm.status).toBe(200);
  });
  afterAll(async () => {
    for (const s of sessions) await s.close();
    await browser?.close();
    await club?.close();
  });

  /** Every layout shift from the start of the page's load, recorded as it happens. */
  async function recordShifts(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          w.__shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((s) => {
              const el = s.node instanceof Element ? s.node : s.node?.parentElement;
              if (!el) return "?";
              const label = el.getAttribute("aria-labelledby") ?? el.getAttribute("aria-label") ?? "";
              return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${label ? `[${label}]` : ""}: ${(el.textContent ?? "").trim().slice(0, 60)}`;
            }),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
  }

  /** The page has nothing more to load: the app's screen, its fonts and its images. */
  async function loaded(page: Page) {
    await settle(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    // One more frame after the last change, for a shift it caused to be reported.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  }

  const pages: { name: string; path: () => string; themes: ("dark" | "light")[] }[] = [
    // The home page's next-meeting card arrives last (CLS 0.048-0.164): both themes.
    { name: "/", path: () => "/", themes: ["dark", "light"] },
    { name: "/library-bottles", path: () => "/library-bottles", themes: ["dark"] },
    { name: "/theme-ideas", path: () => "/theme-ideas", themes: ["dark"] },
    { name: "/bottle/{id}", path: () => `/bottle/${bottleId}`, themes: ["dark"] },
    { name: "/monthlymeeting/{id}", path: () => `/monthlymeeting/${meetingId}`, themes: ["dark"] },
    { name: "/about", path: () => "/about", themes: ["dark"] },
  ];

  for (const { name, path, themes } of pages)
    for (const theme of themes)
      it(`${name} holds still while it loads (${theme} theme)`, { timeout: 120_000 }, async () => {
        // A first visit (the HTTP cache cold), with its own init script: a context of its own.
        const s = await openSession(browser, club.baseUrl, {
          viewport: PHONE,
          mobile: true,
          theme,
          fresh: true,
        });
        sessions.push(s);
        await recordShifts(s.page);
        await s.page.goto(path(), { waitUntil: "commit", timeout: 60_000 });
        await loaded(s.page);
        const shifts = await s.page.evaluate(
          () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
        );
        expect({
          cls: shifts.reduce((sum, shift) => sum + shift.value, 0),
          moved: shifts.flatMap((shift) => shift.sources),
        }).toEqual({ cls: 0, moved: [] });
        // Nothing wider than the phone either.
        expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
        await s.close();
      });
});
