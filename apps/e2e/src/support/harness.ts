import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { openSession, type Session, type SessionOptions } from "./browser";

/** A phone in portrait (375 CSS px wide): every screen must fit it without sideways scrolling. */
export const PHONE = { width: 375, height: 812 };
/** A desktop browser window (support/browser.ts: a session's default). */
export { DESKTOP } from "./browser";

/** Whether the page fits its window's width (nothing to scroll sideways). */
export const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The labels of the visible buttons, button links, tabs and segments in the page's main part that
 * are cut off (wider than their button) or run off the screen: none, when every label fits.
 */
export const cutOffButtons = (page: Page) =>
  page.locator("main").evaluate((root) =>
    Array.from(
      root.querySelectorAll<HTMLElement>(
        "button, a[role=button], [role=tab], .mantine-SegmentedControl-label",
      ),
    )
      .filter((el) => el.getBoundingClientRect().width > 0)
      .filter((el) => {
        const label = el.querySelector<HTMLElement>(".mantine-Button-label") ?? el;
        // A segmented control clips what runs past its own edge.
        const edge =
          el.closest(".mantine-SegmentedControl-root")?.getBoundingClientRect().right ?? window.innerWidth;
        return label.scrollWidth > label.clientWidth + 1 || el.getBoundingClientRect().right > edge + 1;
      })
      .map((el) => el.innerText),
  );

/**
 * Fails when the page is wider than the viewport it was opened with (its CSS width, which a phone's
 * zooming out of a too wide page does not change, unlike window.innerWidth).
 */
export async function expectNoSidewaysScroll(page: Page, where = page.url()): Promise<void> {
  const width = page.viewportSize()?.width ?? PHONE.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `sideways scroll on ${where}`).toBeLessThanOrEqual(width);
}

/**
 * Waits until the page's web fonts and images have loaded: what a measurement of its layout or a
 * screenshot needs (a state, where waitForLoadState("networkidle") waits for 500 ms without requests,
 * which a busy machine or a page that keeps a request open may never give).
 */
export async function imagesAndFontsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.fonts.status === "loaded" && Array.from(document.images).every((img) => img.complete),
  );
}

/**
 * A screenshot into SHOTS_DIR when it is set (looked at by hand; the suite does not compare them);
 * nothing otherwise.
 */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

/**
 * The browser sessions a suite opens, closed together at its end. `current` is the page opened
 * last (what screenshotOnFailure photographs).
 */
export function sessionPool(browser: () => Browser, baseUrl: () => string) {
  const sessions: Session[] = [];
  let current: Page | undefined;
  return {
    sessions,
    current: () => current,
    /** A new session (context and page); returns its page. */
    open: async (opts: SessionOptions = {}): Promise<Page> => {
      const session = await openSession(browser(), baseUrl(), opts);
      sessions.push(session);
      current = session.page;
      return session.page;
    },
    /** What the page's session saw (CSP violations, errors, requests). */
    watchOf: (page: Page) => sessions.find((s) => s.page === page)!.watch,
    /** Closes the session opened last (and forgets it). */
    closeLast: async () => {
      await sessions.pop()?.close();
    },
    closeAll: async (): Promise<void> => {
      for (const session of sessions.splice(0)) await session.close().catch(() => undefined);
    },
  };
}

/** Something a suite opens and must close: a club, a browser, a session. */
interface Closable {
  close: () => Promise<unknown>;
}

/**
 * Closes what a suite opened, one after another in the order given (sessions first, then the
 * browser, then the club); one never opened (its beforeAll failed) is skipped.
 */
export async function closeInOrder(...items: (Closable | undefined)[]): Promise<void> {
  for (const item of items) await item?.close();
}
