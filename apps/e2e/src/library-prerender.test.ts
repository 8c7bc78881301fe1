import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { BottleSearchResult } from "@club/shared";
import {
  APP_CODE,
  appInCharge,
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openSession,
  type Session,
} from "./support/browser";
import { PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club } from "./support/server";
import { columnTexts, shows } from "./support/ui";

/**
 * Speed: the server prerenders the library's first page into the page itself, so a
 * phone paints the rows before the app's JavaScript has run; the app then takes over with the same
 * rows (app/prerender.ts, apps/web/src/ssr/prerender.tsx).
 */
describe("the library's first page, prerendered by the server", () => {
  let club: Club;
  let browser: Browser;
  const sessions: Session[] = [];

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const s of sessions) await s.close();
    await browser?.close();
    await club?.close();
  });

  const open = async (opts: Parameters<typeof openSession>[2] = {}) => {
    const s = await openSession(browser, club.baseUrl, { viewport: PHONE, ...opts });
    sessions.push(s);
    return s;
  };
  const table = (page: Page) => page.getByRole("main").getByRole("table", { name: "Library bottles" });
  const names = (page: Page) => columnTexts(table(page), 1);
  /**
   * The names in the page, on screen or not: the prerendered cards off screen skip rendering
   * (content-visibility: auto) until scrolled to, so their innerText is empty until then.
   */
  const namesInPage = async (page: Page) =>
    (await table(page).locator("tbody tr td:nth-child(1)").allTextContents()).map((t) => t.trim());

  it("shows the rows, labelled for a phone, with the app's code blocked; in the light theme too", async () => {
    const expected = await club.apiOk<BottleSearchResult>("GET", "/api/Bottles/Search?sort=abv&dir=desc");
    const s = await open({ theme: "light" });
    await s.page.route(APP_CODE, (route) => route.abort());
    await s.page.goto("/library-bottles?sort=abv&dir=desc");
    await shows(table(s.page));
    const expectedNames = expected.items.map((b) => b.name);
    expect(await namesInPage(s.page)).toEqual(expectedNames);
    expect(await s.page.locator("#root[data-prerendered]").count()).toBe(1);
    // The first card is on screen; the last renders once scrolled to.
    const rows = table(s.page).locator("tbody tr");
    expect((await rows.first().innerText()).trim()).toContain(expectedNames[0]);
    await rows.last().scrollIntoViewIfNeeded();
    await expect.poll(() => rows.last().innerText()).toContain(expectedNames.at(-1));
    await s.page.evaluate(() => window.scrollTo(0, 0));
    // The phone's stacked rows show each cell's column.
    const firstRow = table(s.page).locator("tbody tr").first();
    expect(await firstRow.locator("td").nth(5).getAttribute("data-label")).toBe("ABV");
    expect(await table(s.page).getByRole("columnheader", { name: "ABV" }).getAttribute("aria-sort")).toBe(
      "descending",
    );
    // The stored theme is applied before the first paint, and the toggle already says so.
    expect(await s.page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe("light");
    await shows(s.page.getByRole("button", { name: "Dark Mode" }));
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    // Nothing was asked for: the answer came in the page.
    await s.page.waitForLoadState("load");
    expect(s.watch.requests.filter((r) => r.url().includes("/trpc/search.bottles"))).toEqual([]);
    expectNoCspViolations(s.watch, "the prerendered library");
  });

  it("the app takes over with the same rows, and sorts", async () => {
    const s = await open();
    await s.page.goto("/library-bottles");
    await shows(table(s.page));
    const prerendered = await namesInPage(s.page);
    await appInCharge(s.page);
    expect(await names(s.page)).toEqual(prerendered);
    const header = table(s.page).getByRole("columnheader", { name: "Name" });
    // On a phone the one Sort control sorts; the headers say how, for screen readers.
    await s.page.getByRole("main").getByRole("combobox", { name: "Sort" }).selectOption("name:desc");
    await expect.poll(() => header.getAttribute("aria-sort")).toBe("descending");
    await expect.poll(() => names(s.page)).toEqual([...prerendered].reverse());
    // The page inlined the rules its markup uses and listed the stylesheets disabled; once in charge
    // the app has them whole: each enabled (the app, as it starts) and fetched once, and the app's loader
    // added no second copy (it found the page's links).
    const links = await s.page.$$eval('link[rel="stylesheet"]', (all) =>
      all.map((l) => {
        const link = l as HTMLLinkElement;
        return { href: link.href, disabled: link.disabled, loaded: link.sheet !== null };
      }),
    );
    expect(links.length).toBeGreaterThan(2);
    expect(links.filter((l) => l.disabled || !l.loaded)).toEqual([]);
    expect(new Set(links.map((l) => l.href)).size).toBe(links.length);
    // Asked for at most twice: Debian's Chromium asks again (from its cache) when a disabled link is
    // enabled; a second copy added by the app's loader would be a third ask and a second link.
    for (const { href } of links)
      expect(s.watch.requests.filter((r) => r.url() === href).length, href).toBeLessThanOrEqual(2);
    expectNoCspViolations(s.watch, "the library after the app took over");
    expectNoPageErrors(s.watch, "the library after the app took over");
    expect(s.watch.consoleErrors).toEqual([]);
  });

  it("a member gets the member's screen once the app is in charge", async () => {
    const s = await open({ as: await club.tokensFor(DEMO_LOGIN.email) });
    await s.page.goto("/library-bottles");
    await appInCharge(s.page);
    await shows(s.page.getByRole("main").getByRole("button", { name: "Add New Bottle" }));
    await shows(table(s.page).getByRole("button", { name: "Add Comment" }).first());
    expectNoPageErrors(s.watch, "the library as a member");
  });
});
