import { describe, expect, it } from "vitest";
import { matchPath } from "react-router-dom";
import { APP_SCRIPTS_ELEMENT_ID, bootScript } from "../vite.routePreload";
import { ROUTE_TABLE, routePattern } from "./routeTable";
import { OFFLINE_READS } from "../sw/publicReads";

interface Link {
  rel: string;
  href: string;
  type?: string;
  src?: string;
  as?: string;
  crossOrigin?: string;
}

/**
 * Runs the boot script for a URL against stand-ins for window and document: what it adds to
 * <head> and what it fetches, before the document is parsed, before the first frame and after it;
 * then after a first use of the page (a pointerdown).
 */
async function boot(
  pathname: string,
  opts: {
    signedIn?: boolean;
    prerendered?: boolean;
    /** The app's scripts as a prerendered page lists them (club-app-scripts). */
    appScripts?: { entry: string; preload: string[] };
  } = {},
) {
  const links: Link[] = [];
  const fetched: string[] = [];
  // The page's stylesheets, listed disabled (their used rules are inline), until the app starts.
  const stylesheets = opts.prerendered ? [{ disabled: true }, { disabled: true }] : [];
  const enabled = () => stylesheets.filter((link) => !link.disabled).length;
  const source = bootScript("/* theme */");
  const listeners = new Map<string, (() => void)[]>();
  const on = (type: string, listener: () => void) =>
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  const window: Record<string, unknown> = {
    location: { pathname },
    localStorage: { getItem: (key: string) => (opts.signedIn && key === "accessToken" ? "token" : null) },
    fetch: async (url: string) => {
      fetched.push(url);
      return new Response("[]");
    },
    addEventListener: on,
    removeEventListener: () => undefined,
  };
  const frames: (() => void)[] = [];
  window.requestAnimationFrame = (callback: () => void) => frames.push(callback);
  // The server's prerendered page: its markup in #root (data-prerendered), its data in the head.
  const root = { hasAttribute: (name: string) => opts.prerendered === true && name === "data-prerendered" };
  const document = {
    cookie: "",
    getElementById: (id: string) =>
      opts.appScripts && id === APP_SCRIPTS_ELEMENT_ID
        ? { textContent: JSON.stringify(opts.appScripts) }
        : id === "root"
          ? root
          : null,
    createElement: () => ({}) as Link,
    head: { appendChild: (link: Link) => links.push(link) },
    addEventListener: on,
    querySelectorAll: (selector: string) =>
      selector === "link[rel=stylesheet][disabled]" ? stylesheets.filter((link) => link.disabled) : [],
  };
  class MutationObserver {
    observe() {}
  }
  // The generated script, run as the browser would run it (a test: the CSP concerns the browser).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function("window", "document", "MutationObserver", source)(window, document, MutationObserver);
  const beforeParsed = [...links];
  // The document is parsed, then its first frame is painted.
  for (const listener of listeners.get("DOMContentLoaded") ?? []) listener();
  const beforeFrame = [...links];
  for (const frame of frames) frame();
  await new Promise((resolve) => setTimeout(resolve, 10));
  const afterFrame = [...links];
  const stylesheetsAfterFrame = enabled();
  for (const listener of listeners.get("pointerdown") ?? []) listener();
  return {
    links,
    beforeParsed,
    beforeFrame,
    afterFrame,
    fetched,
    stylesheetsAfterFrame,
    stylesheets: enabled(),
    cookie: document.cookie,
  };
}

describe("the boot script (vite.routePreload.ts)", () => {
  it("on a page the server did not prerender: adds nothing and fetches nothing (the server lists the screen's files)", async () => {
    for (const path of ["/bottle/12", "/no-such-page"])
      expect(await boot(path, { signedIn: true })).toMatchObject({ links: [], fetched: [] });
  });

  it("a page the server prerendered: the app's scripts after the first frame for a member, when first used for a visitor", async () => {
    // The server puts the data and stylesheets in the page it prerenders (platform/pageHints.ts),
    // with the list of the app's scripts: the boot script builds no elements before the first paint.
    const scripts = { entry: "/assets/index.js", preload: ["/assets/vendor.js", "/assets/Library.js"] };
    const appScripts = [
      { rel: "modulepreload", href: "/assets/vendor.js", crossOrigin: "anonymous" },
      { rel: "modulepreload", href: "/assets/Library.js", crossOrigin: "anonymous" },
      { type: "module", crossOrigin: "anonymous", src: "/assets/index.js" },
    ];
    const member = await boot("/library-bottles", { prerendered: true, appScripts: scripts, signedIn: true });
    expect(member.beforeParsed).toEqual([]);
    expect(member.beforeFrame).toEqual([]);
    expect(member.afterFrame).toEqual(appScripts);
    expect(member.fetched).toEqual([]);
    // The whole stylesheets, listed disabled, load with the app's scripts (the app waits for them).
    expect(member.stylesheetsAfterFrame).toBe(2);
    const visitor = await boot("/library-bottles", { prerendered: true, appScripts: scripts });
    expect(visitor.afterFrame).toEqual([]);
    expect(visitor.stylesheetsAfterFrame).toBe(0);
    expect(visitor.links).toEqual(appScripts);
    expect(visitor.stylesheets).toBe(2);
    // The member hint the server keeps opener isolation for (pageContract.ts), set and cleared.
    expect(member.cookie).toBe("club_member=1; max-age=31536000; path=/; samesite=lax");
    expect(visitor.cookie).toBe("club_member=; max-age=0; path=/; samesite=lax");
    expect(visitor.fetched).toEqual([]);
  });
});

describe("the route table (routeTable.ts) feeds the router, the server, the menus and the worker", () => {
  it("gives each path one pattern, which the server matches where the router does, with integer ids", () => {
    expect(routePattern("/")).toBe("^/$");
    expect(routePattern("/library-bottles")).toBe("^/library-bottles/?$");
    expect(routePattern("/meeting/:meetingId/score/:pour")).toBe(
      "^/meeting/[1-9]\\d{0,8}/score/[1-9]\\d{0,8}/?$",
    );
    const bottle = new RegExp(routePattern("/bottle/:bottleId"));
    for (const [path, matches] of [
      ["/bottle/12/", true],
      ["/bottle/0", false],
      ["/bottle/abc", false],
      ["/bottle/1234567890", false],
    ] as const)
      expect(bottle.test(path), path).toBe(matches);
    expect(new Set(ROUTE_TABLE.map((route) => route.path)).size).toBe(ROUTE_TABLE.length);
    // Plain segments match themselves (no character of a pattern in them), so each sample path
    // (ids as 12) is the route's own for the server as for the router, and no other route's.
    for (const route of ROUTE_TABLE) {
      expect(route.path).toMatch(/^\/[\w/:-]*$/);
      const sample = route.path.replace(/:\w+/g, "12");
      const server = ROUTE_TABLE.filter((r) => new RegExp(routePattern(r.path)).test(sample));
      const router = ROUTE_TABLE.filter((r) => matchPath(r.path, sample));
      expect(server, sample).toEqual([route]);
      expect(router, sample).toEqual([route]);
    }
  });

  it("lists the menus' links in their order, and the reads kept offline once each", () => {
    const links = (members: boolean) =>
      ROUTE_TABLE.filter((r) => r.nav && (r.nav.members === true) === members).map((r) => r.nav?.label);
    expect(links(false)).toEqual(["Home", "Library Bottles", "Shelf", "Theme Ideas", "Stats", "About"]);
    expect(links(true)).toEqual(["Journal", "Activity"]);
    expect(new Set(OFFLINE_READS).size).toBe(OFFLINE_READS.length);
    expect([...OFFLINE_READS].sort()).toEqual(
      [
        "bottles.list",
        "bottles.options",
        "bottles.byId",
        "comments.byBottle",
        "meetings.list",
        "meetings.byId",
        "themes.list",
        "lookups.brands",
        "lookups.drinkTypes",
        "lookups.countries",
        "lookups.states",
        "night.bottlePours",
        "night.clubScores",
        "search.bottles",
        "search.everything",
        "cellar.shelf",
        "stats.get",
      ].sort(),
    );
  });
});
