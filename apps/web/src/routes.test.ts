import { describe, expect, it } from "vitest";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { AppRouter } from "@club/api";
import {
  APP_SCRIPTS_ELEMENT_ID,
  bootScript,
  PAGE_DATA_ELEMENT_ID,
  PRELOAD_ROUTES,
  trpcBatchUrl,
} from "../vite.routePreload";
import { PAGE_DATA_ELEMENT_ID as APP_PAGE_DATA_ID } from "./lib/pageData";
import { BOTTLE_IMAGE_SIZES, bottleImageSources } from "./lib/bottleImage";
import { ROUTE_PATHS } from "./routes";
import { ROUTE_TABLE, routePattern } from "./routeTable";
import { OFFLINE_READS } from "../sw/publicReads";

interface Link {
  rel: string;
  href: string;
  type?: string;
  src?: string;
  as?: string;
  crossOrigin?: string;
  imageSrcset?: string;
  imageSizes?: string;
}

/**
 * Runs the boot script for a URL against stand-ins for window and document: what it adds to
 * <head>, what it fetches, and what it leaves for the app. `answer` is what the server says.
 */
async function boot(
  pathname: string,
  opts: {
    signedIn?: boolean;
    answer?: unknown;
    prerendered?: boolean;
    /** The app's scripts as a prerendered page lists them (club-app-scripts). */
    appScripts?: { entry: string; preload: string[] };
  } = {},
) {
  const links: Link[] = [];
  const fetched: string[] = [];
  const routes = PRELOAD_ROUTES.map((r) => ({
    re: r.pattern,
    js: [`/assets/${r.screen}.js`],
    css: [],
    q: r.queries,
  }));
  const source = bootScript("/* theme */", routes);
  const window: Record<string, unknown> = {
    location: { pathname },
    localStorage: { getItem: (key: string) => (opts.signedIn && key === "accessToken" ? "token" : null) },
    fetch: async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(opts.answer ?? [{ result: { data: [] } }]));
    },
  };
  const frames: (() => void)[] = [];
  window.requestAnimationFrame = (callback: () => void) => frames.push(callback);
  const loaded: (() => void)[] = [];
  const document = {
    // The server's prerendered page puts its data in the head, before this script.
    getElementById: (id: string) =>
      opts.prerendered && id === PAGE_DATA_ELEMENT_ID
        ? {}
        : opts.appScripts && id === APP_SCRIPTS_ELEMENT_ID
          ? { textContent: JSON.stringify(opts.appScripts) }
          : null,
    createElement: () => ({}) as Link,
    head: { appendChild: (link: Link) => links.push(link) },
    addEventListener: (type: string, listener: () => void) => {
      if (type === "DOMContentLoaded") loaded.push(listener);
    },
  };
  // The generated script, run as the browser would run it (a test: the CSP concerns the browser).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function("window", "document", source)(window, document);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const beforeParsed = [...links];
  // The document is parsed, then its first frame is painted.
  for (const listener of loaded) listener();
  const beforeFrame = [...links];
  for (const frame of frames) frame();
  await new Promise((resolve) => setTimeout(resolve, 10));
  return {
    links,
    beforeParsed,
    beforeFrame,
    fetched,
    prefetched: window.__clubPrefetch as Record<string, unknown> | undefined,
  };
}

/** The URL the real tRPC client (httpBatchLink, as in lib/trpc.ts) requests for one query. */
async function clientUrl(call: (client: ReturnType<typeof createTRPCClient<AppRouter>>) => Promise<unknown>) {
  let url = "";
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "/trpc",
        fetch: async (input) => {
          url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
          return new Response(JSON.stringify([{ result: { data: null } }]), {
            headers: { "content-type": "application/json" },
          });
        },
      }),
    ],
  });
  await call(client).catch(() => undefined);
  return url;
}

describe("route preloading (vite.routePreload.ts)", () => {
  it("knows every route of routes.tsx", () => {
    const samples = ROUTE_PATHS.map((path) => path.replace(/:[a-zA-Z]+/g, "12"));
    for (const sample of samples) {
      expect(
        PRELOAD_ROUTES.some((route) => new RegExp(route.pattern).test(sample)),
        sample,
      ).toBe(true);
    }
    expect(PRELOAD_ROUTES).toHaveLength(ROUTE_PATHS.length);
  });

  it("prefetches exactly the URLs the tRPC client asks for", async () => {
    expect(trpcBatchUrl("bottles.list", undefined)).toBe(await clientUrl((c) => c.bottles.list.query()));
    expect(trpcBatchUrl("bottles.byId", { id: 12 })).toBe(
      await clientUrl((c) => c.bottles.byId.query({ id: 12 })),
    );
    expect(trpcBatchUrl("meetings.byId", { id: 12 })).toBe(
      await clientUrl((c) => c.meetings.byId.query({ id: 12 })),
    );
    expect((await boot("/")).fetched).toEqual([trpcBatchUrl("meetings.list", undefined)]);
    expect(trpcBatchUrl("search.bottles", {})).toBe(await clientUrl((c) => c.search.bottles.query({})));
    expect((await boot("/library-bottles")).fetched).toEqual([trpcBatchUrl("search.bottles", {})]);
  });

  it("preloads the screen's chunks, its first query and a bottle's photo", async () => {
    const bottle = { id: 12, hasImage: true, imageVersion: "ab12" };
    const { links, fetched, prefetched } = await boot("/bottle/12", {
      answer: [{ result: { data: bottle } }],
    });
    const address = trpcBatchUrl("bottles.byId", { id: 12 });
    expect(fetched).toEqual([address]);
    expect(Object.keys(prefetched ?? {})).toEqual([address]);
    expect(links.filter((l) => l.rel === "modulepreload").map((l) => l.href)).toEqual([
      "/assets/src/screens/BottleDetails/BottleDetailsPage.tsx.js",
    ]);
    expect(links.find((l) => l.rel === "modulepreload")?.crossOrigin).toBe("anonymous");
    // The photo: the same srcset and sizes as the <img> BottleImage renders, or the preload is wasted.
    const photo = links.find((l) => l.as === "image");
    const sources = bottleImageSources(12, "ab12");
    expect(photo).toMatchObject({ rel: "preload", href: sources.src, imageSrcset: sources.srcSet });
    expect(photo?.imageSizes).toBe(BOTTLE_IMAGE_SIZES);
    expect(photo?.crossOrigin).toBeUndefined();

    const noPhoto = await boot("/bottle/12", {
      answer: [{ result: { data: { ...bottle, hasImage: false } } }],
    });
    expect(noPhoto.links.filter((l) => l.as === "image")).toEqual([]);
  });

  it("fetches nothing for a member (bearer token) and preloads nothing for unknown paths", async () => {
    const member = await boot("/library-bottles", { signedIn: true });
    expect(member.fetched).toEqual([]);
    expect(member.links.length).toBeGreaterThan(0);
    expect(await boot("/bottle/abc")).toMatchObject({ links: [], fetched: [] });
    expect(await boot("/no-such-page")).toMatchObject({ links: [], fetched: [] });
  });

  it("a page the server prerendered (the library): nothing fetched, the app's scripts after its first frame", async () => {
    // The server puts the data and stylesheets in the page it prerenders (platform/pageHints.ts),
    // with the list of the app's scripts: the boot script builds no elements before the first paint.
    expect(await boot("/library-bottles", { prerendered: true })).toMatchObject({ links: [], fetched: [] });
    const served = await boot("/library-bottles");
    expect(served.fetched).toEqual([trpcBatchUrl("search.bottles", {})]);
    expect(served.links.map((link) => link.href)).toContain(
      "/assets/src/screens/LibraryBottles/LibraryBottlesPage.tsx.js",
    );
    // A prerendered page's app scripts load once its first frame is painted, not before.
    const scripts = { entry: "/assets/index.js", preload: ["/assets/vendor.js", "/assets/Library.js"] };
    const deferred = await boot("/library-bottles", { prerendered: true, appScripts: scripts });
    expect(deferred.beforeParsed).toEqual([]);
    expect(deferred.beforeFrame).toEqual([]);
    expect(deferred.links).toEqual([
      { rel: "modulepreload", href: "/assets/vendor.js", crossOrigin: "anonymous" },
      { rel: "modulepreload", href: "/assets/Library.js", crossOrigin: "anonymous" },
      { type: "module", crossOrigin: "anonymous", src: "/assets/index.js" },
    ]);
    // The boot script and the app look for the same element.
    expect(PAGE_DATA_ELEMENT_ID).toBe(APP_PAGE_DATA_ID);
  });
});

describe("the route table (routeTable.ts) feeds the router, the boot script, the menus and the worker", () => {
  it("gives each path one pattern, as the boot script matched them before", () => {
    expect(routePattern("/")).toBe("^/$");
    expect(routePattern("/library-bottles")).toBe("^/library-bottles/?$");
    expect(routePattern("/bottle/:bottleId")).toBe("^/bottle/([1-9]\\d{0,8})/?$");
    expect(routePattern("/meeting/:meetingId/score/:pour")).toBe(
      "^/meeting/([1-9]\\d{0,8})/score/[1-9]\\d?/?$",
    );
    expect(new RegExp(routePattern("/bottle/:bottleId")).exec("/bottle/12/")?.[1]).toBe("12");
    expect(new RegExp(routePattern("/bottle/:bottleId")).test("/bottle/0")).toBe(false);
    expect(new Set(ROUTE_TABLE.map((route) => route.path)).size).toBe(ROUTE_TABLE.length);
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
