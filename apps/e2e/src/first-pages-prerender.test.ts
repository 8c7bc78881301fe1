import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
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
import { shows } from "./support/ui";

/**
 * Every public page of the product's route table (docs/product.md) gets its first screen from the server (the route
 * table's `firstPage`, app/prerender.ts, apps/web/src/ssr/prerender.tsx), by the same
 * mechanism as the library (library-prerender.test.ts covers its rows in detail). Each page shows
 * its content with the app's code blocked, in both themes, within a phone's width and without
 * breaking the CSP; then the app takes over with the same content.
 */
describe("the public pages' first screens, rendered by the server", () => {
  let club: Club;
  let browser: Browser;
  const sessions: Session[] = [];
  /** Path, and a heading the page's own content shows (not the layout's). */
  let pages: { path: string; heading: string | RegExp }[] = [];

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    const bottles = await club.apiOk<{ items: { id: number; name: string }[] }>("GET", "/api/Bottles/Search");
    const meetings = await club.apiOk<{ id: number }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const bottle = bottles.items[0];
    const meeting = meetings[0];
    if (!bottle || !meeting) throw new Error("the demo club has no bottle or no meeting");
    pages = [
      { path: "/", heading: "Monthly Meetings" },
      { path: "/library-bottles", heading: "Library Bottles" },
      { path: "/theme-ideas", heading: "Monthly Themes" },
      { path: `/bottle/${bottle.id}`, heading: bottle.name },
      // The meeting's date, e.g. "Friday, December 11, 2026".
      { path: `/monthlymeeting/${meeting.id}`, heading: /^\w+day, \w+ \d{1,2}, \d{4}$/ },
      { path: "/about", heading: "About the Whiskey Tasting Club" },
      // Beyond the product's route table (docs/product.md): the other pages a visitor can open that read the club's data (a
      // night's results too, whose reads answer a visitor only once the night is revealed).
      { path: "/shelf", heading: "Shelf" },
      { path: "/stats", heading: "Stats" },
    ];
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
  /** A session is closed before the next opens. */
  const close = async (s: Session) => {
    sessions.splice(sessions.indexOf(s), 1);
    await s.close();
  };
  /** The main content's text, but for the meeting's live badge (the app connects its stream) and charts. */
  const mainText = async (page: Page) =>
    // textContent (the library's prerendered cards off screen skip rendering: no innerText), without
    // the UI kit's <style> elements, whose generated class names differ between two renders.
    (
      await page.getByRole("main").evaluate((main) => {
        const copy = main.cloneNode(true) as Element;
        // Charts (the stats page's, role="img" with the figures as their name) are drawn by the app
        // at their measured width, in the space the server's markup keeps for them.
        for (const drawn of copy.querySelectorAll('style, [role="img"]')) drawn.remove();
        return copy.textContent ?? "";
      })
    )
      .replace(/Reconnecting…|Live/g, "")
      .replace(/\s+/g, " ")
      .trim();

  for (const theme of ["dark", "light"] as const) {
    it(`shows each page's content with the app's code blocked (${theme} theme)`, async () => {
      // One context for the sweep: each page is still a full load of what the server sends (the
      // stored theme, no session), without a fresh context's start for each (the suite's time).
      const s = await open({ theme });
      await s.page.route(APP_CODE, (route) => route.abort());
      for (const { path, heading } of pages) {
        s.watch.reset();
        await s.page.goto(path);
        expect(await s.page.locator("#root[data-prerendered]").count(), path).toBe(1);
        await shows(
          s.page
            .getByRole("main")
            .getByRole("heading", { name: heading, exact: typeof heading === "string" })
            .first(),
        );
        // The stored theme is applied before the first paint, and the toggle already says so.
        expect(await s.page.evaluate(() => document.documentElement.dataset.mantineColorScheme), path).toBe(
          theme,
        );
        await shows(s.page.getByRole("button", { name: theme === "dark" ? "Light Mode" : "Dark Mode" }));
        expect(await s.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          PHONE.width,
        );
        // Nothing was asked for: the page's reads came in the page.
        await s.page.waitForLoadState("load");
        expect(
          s.watch.requests.filter((r) => r.url().includes("/trpc/")).map((r) => r.url()),
          path,
        ).toEqual([]);
        expectNoCspViolations(s.watch, `${path}, prerendered`);
        await expectInlineRulesSuffice(s.page, path);
      }
      await close(s);
    });
  }

  /**
   * The page inlines only the rules of the app's stylesheets that its markup uses (platform/usedCss.ts):
   * no rule that styles an element of the page is missing (user actions such as :hover counted as
   * happening), and loading the whole stylesheets, as the app does, changes nothing on screen.
   */
  const expectInlineRulesSuffice = async (page: Page, path: string) => {
    // The photos on screen loaded first: they would change the look between the two pictures.
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > innerHeight),
    );
    const first = await page.screenshot({ animations: "disabled" });
    const missing = await page.evaluate(async () => {
      const links = [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet][disabled]")];
      await Promise.all(
        links.map(
          (link) =>
            new Promise((done) => {
              link.addEventListener("load", done, { once: true });
              link.disabled = false;
            }),
        ),
      );
      const selectors = (rules: CSSRuleList, into: string[] = []): string[] => {
        for (const rule of rules) {
          // A rule that only sets custom properties styles nothing itself (the look is compared below).
          if (rule instanceof CSSStyleRule && [...rule.style].some((p) => !p.startsWith("--")))
            into.push(rule.selectorText);
          else if (rule instanceof CSSGroupingRule) selectors(rule.cssRules, into);
        }
        return into;
      };
      const inline = document.head.querySelector<HTMLStyleElement>("style:not([data-mantine-styles])");
      const kept = new Set(inline?.sheet ? selectors(inline.sheet.cssRules) : []);
      const styling = (selector: string) => {
        const asElements = selector
          .replace(/::?(before|after|placeholder|selection|marker|backdrop|-webkit-[\w-]+|-moz-[\w-]+)/g, "")
          .replace(/:(hover|focus-visible|focus-within|focus|active)/g, "");
        try {
          return document.querySelector(asElements || "*") !== null;
        } catch {
          return false; // a selector this browser does not know styles nothing here
        }
      };
      return links
        .flatMap((link) => (link.sheet ? selectors(link.sheet.cssRules) : [`${link.href} did not load`]))
        .filter((selector) => !kept.has(selector) && styling(selector));
    });
    expect(missing, `${path}: rules that style the page but are not inline`).toEqual([]);
    // Pixel for pixel, but for the odd antialiased pixel of a native control (a select's edge
    // differs now and then between two pictures of the same page): a rule or variable missing
    // changes a line, a colour or a box, hundreds of pixels.
    const pixels = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
    const [before, after] = await Promise.all(
      [first, await page.screenshot({ animations: "disabled" })].map(pixels),
    );
    let differing = 0;
    for (let i = 0; i < (before?.length ?? 0); i += 3) {
      if (
        before?.[i] !== after?.[i] ||
        before?.[i + 1] !== after?.[i + 1] ||
        before?.[i + 2] !== after?.[i + 2]
      )
        differing++;
    }
    expect(differing, `${path}: pixels that change with the whole stylesheets`).toBeLessThanOrEqual(25);
  };

  it("the app starts on each page by itself and hydrates the server's markup: the same elements, the live stream connected", async () => {
    // No use of the page: the app takes over on its own, keeping each element the server sent
    // (hydrated, not replaced), and a visitor's meeting page connects its live stream.
    const s = await open({ mobile: true, fresh: true });
    // The server's elements, marked once the page is parsed, before any module script runs (the
    // document is "interactive" then; module scripts run after).
    await s.page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState !== "interactive") return;
        const w = window as unknown as { __served: Element[]; __prerendered: boolean };
        w.__prerendered = document.querySelector("#root[data-prerendered]") !== null;
        w.__served = [...document.querySelectorAll("#root header button, #root main h1")];
      });
    });
    for (const { path } of pages) {
      s.watch.reset();
      await s.page.goto(path);
      expect(
        await s.page.evaluate(() => (window as unknown as { __prerendered: boolean }).__prerendered),
        path,
      ).toBe(true);
      await s.page.locator("#root[data-prerendered]").waitFor({ state: "detached", timeout: 15_000 });
      const kept = await s.page.evaluate(() => {
        const served = (window as unknown as { __served: Element[] }).__served;
        return { served: served.length, kept: served.filter((el) => document.contains(el)).length };
      });
      expect(kept.served, path).toBeGreaterThan(1);
      expect(kept, `${path}: the server's elements kept by the app`).toEqual({ ...kept, kept: kept.served });
      expectNoPageErrors(s.watch, `${path}, hydrated`);
      expect(s.watch.consoleErrors, path).toEqual([]);
    }
    await s.page.goto(pages.find((p) => p.path.startsWith("/monthlymeeting/"))!.path);
    await shows(s.page.getByRole("main").getByText("Live", { exact: true }));
    await close(s);

    // Text typed into the library's search as the page loads: kept, and searched for.
    const t = await open();
    await t.page.goto("/library-bottles");
    const search = t.page.getByRole("searchbox", { name: "Search bottles" });
    await search.fill("zzzz-no-such-bottle");
    await t.page.locator("#root[data-prerendered]").waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => search.inputValue()).toBe("zzzz-no-such-bottle");
    await expect
      .poll(() => t.page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Search bottles");
    await expect.poll(() => new URL(t.page.url()).searchParams.get("q") ?? "").toContain("zzzz");
    expectNoPageErrors(t.watch, "/library-bottles, typed as it loads");
    await close(t);

    // A member's page too, and it becomes the member's.
    const m = await open({ as: await club.tokensFor(DEMO_LOGIN.email) });
    await m.page.goto("/about");
    await m.page.locator("#root[data-prerendered]").waitFor({ state: "detached", timeout: 15_000 });
    await shows(
      m.page
        .getByRole("button", { name: "Logout" })
        .or(m.page.getByRole("button", { name: "Open navigation" })),
    );
    expectNoPageErrors(m.watch, "/about, a member's");
    await close(m);
  });

  it("a member's cold load: the page's reads were a visitor's, and the app asks them again as the member", async () => {
    // Who is coming is named for members only, and the Home card presses the member's own answer:
    // the server's page cannot know either, so neither may stay as the visitor's page had it.
    const member = await club.tokensFor(DEMO_LOGIN.email);
    const today = new Date().toISOString().slice(0, 10);
    const meetings = await club.apiOk<{ id: number; date: string }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const upcoming = meetings.find((m) => m.date >= today);
    if (!upcoming) throw new Error("the demo club has no meeting ahead");
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${upcoming.id}/Rsvp`,
      { status: "going", guests: 0 },
      member.accessToken,
    );

    const m = await open({ as: member });
    await m.page.goto("/");
    await appInCharge(m.page);
    const going = m.page
      .getByRole("main")
      .getByRole("region", { name: "Next meeting" })
      .getByRole("group", { name: "Your answer" })
      .getByRole("button", { name: "Going", exact: true });
    await expect.poll(() => going.getAttribute("aria-pressed"), { timeout: 10_000 }).toBe("true");

    // The page as the server sent it: the app may already have taken over by the load event.
    const response = await m.page.goto(`/monthlymeeting/${upcoming.id}`);
    expect(await response!.text(), "the meeting page came prerendered").toMatch(
      /<div id="root"[^>]*data-prerendered/,
    );
    await appInCharge(m.page);
    await shows(m.page.getByRole("main").getByRole("list", { name: "Going" }).getByRole("listitem").first());
    expectNoPageErrors(m.watch, "a member's cold loads");
    await close(m);
  });

  it("the server's markup is the page the browser builds: no element a parser moves (a block inside a <p>)", async () => {
    // The bottle page's subtitle was a <p> holding the type's badge (a <div>): the browser's parser
    // closed the <p> before it, the badge and "1 open bottle" stacked under an empty paragraph, and
    // the page below moved up 64 px when the app rendered the same elements as React built them.
    const s = await open({ mobile: true });
    for (const { path } of pages) {
      await s.page.goto(path);
      // The markup as the server sent it (the page's own, as a second load of it gets it).
      const html = await s.page.evaluate(() => fetch(location.href).then((res) => res.text()));
      expect(html, path).toContain("data-prerendered");
      const [written, built] = await s.page.evaluate((markup) => {
        // The elements in the order the markup writes them (comments and the scripts' text aside).
        const text = markup
          .replace(/<!--[\s\S]*?-->/g, "")
          .replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, "$1");
        const writtenTags = [...text.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());
        const doc = new DOMParser().parseFromString(markup, "text/html");
        const builtTags = [...doc.querySelectorAll("*")].map((el) => el.localName.toLowerCase());
        return [writtenTags, builtTags];
      }, html);
      expect(built, path).toEqual(written);
    }
    await close(s);
  });

  /**
   * Every cell of the main content's tables: its label on a phone (data-label, null when it has
   * none), how many columns it spans, its text and where that text starts (the cell's left edge
   * plus its padding, where the label's column pushes the value).
   */
  const cellLabels = (page: Page) =>
    page
      .getByRole("main")
      .locator("tbody td")
      .evaluateAll((cells) =>
        cells.map((td) => ({
          label: td.getAttribute("data-label"),
          span: (td as HTMLTableCellElement).colSpan,
          text: (td.textContent ?? "").trim(),
          start: Math.round(td.getBoundingClientRect().left + parseFloat(getComputedStyle(td).paddingLeft)),
        })),
      );

  it("on a phone, a table's cards are labelled by their columns before the app takes over and after it, and a row across the columns by none", async () => {
    // Home's meetings came unlabelled from the server, and the app labelled them once it ran: every
    // value jumped 8rem to the right on a visitor's first tap, and the "Upcoming meetings" and
    // "Past meetings" rows (one cell across the three columns) got the first column's "Date".
    const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles/AllBottlesList");
    const amrut = bottles.find((b) => b.name === "Amrut Fusion");
    if (!amrut) throw new Error("the demo club has no Amrut Fusion");
    const s = await open({ mobile: true });
    for (const path of ["/", "/theme-ideas", "/shelf", `/bottle/${amrut.id}`]) {
      // The server's page as it is (the app's code held back), then the app's.
      await s.page.route(APP_CODE, (route) => route.abort());
      await s.page.goto(path);
      expect(await s.page.locator("#root[data-prerendered]").count(), path).toBe(1);
      const prerendered = await cellLabels(s.page);
      await s.page.unrouteAll();
      await s.page.goto(path);
      expect(prerendered.length, `${path}: cells`).toBeGreaterThan(0);
      expect(
        prerendered.filter((cell) => cell.label === null),
        `${path}: cells without their column's label`,
      ).toEqual([]);
      expect(
        prerendered.filter((cell) => cell.span > 1 && cell.label !== ""),
        `${path}: cells across columns labelled as one of them`,
      ).toEqual([]);
      await appInCharge(s.page);
      await expect.poll(() => cellLabels(s.page), { message: path }).toEqual(prerendered);
    }
    expectNoPageErrors(s.watch, "the tables' labels");
    await close(s);
  });

  it("the app takes over each page with the same content", async () => {
    // One visitor's context for the eight pages: each a full load of the server's page and a
    // take-over by the app (nothing of a visitor's earlier page is kept).
    const s = await open();
    for (const { path, heading } of pages) {
      s.watch.reset();
      await s.page.goto(path);
      await shows(
        s.page
          .getByRole("main")
          .getByRole("heading", { name: heading, exact: typeof heading === "string" })
          .first(),
      );
      const prerendered = await mainText(s.page);
      await appInCharge(s.page);
      await shows(
        s.page
          .getByRole("main")
          .getByRole("heading", { name: heading, exact: typeof heading === "string" })
          .first(),
      );
      await expect.poll(() => mainText(s.page), { message: path }).toBe(prerendered);
      expectNoCspViolations(s.watch, `${path} after the app took over`);
      expectNoPageErrors(s.watch, `${path} after the app took over`);
      expect(s.watch.consoleErrors, path).toEqual([]);
    }
    await close(s);
  }, 240_000);
});
