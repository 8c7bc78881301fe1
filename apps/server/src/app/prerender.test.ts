import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBottle } from "../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../test/helpers";
import { createPageRenderer } from "./pageHints";
import { firstPageUrl, renderBudget, scriptSafeJson } from "./prerender";

// A built web app as the build writes it: dist/ with Vite's manifest, and dist-ssr/ beside it with
// the prerender module (here a small stand-in with the same exports as apps/web/src/ssr/prerender.tsx:
// the real one is covered in the browser, apps/e2e/src/library-prerender.test.ts). The routes are
// the web app's route table's; the manifest has the screens of three of them: the library and the
// theme ideas (first pages) and the members' list (a member's screen).
const BOOT = 'document.documentElement.dataset.theme = "dark";';
const INDEX =
  `<!doctype html><html><head><title>Club</title><script>${BOOT}</script>` +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  "index.html": { file: "assets/index-abc.js", imports: ["_vendor.js"], css: ["assets/index.css"] },
  "_vendor.js": { file: "assets/vendor-abc.js" },
  "src/screens/LibraryBottles/LibraryBottlesPage.tsx": {
    file: "assets/Library.js",
    imports: ["index.html", "_DataTable.js", "_vendor.js"],
    dynamicImports: ["src/screens/LibraryBottles/CommentsDialog.tsx"],
    css: ["assets/Library.css"],
  },
  "_DataTable.js": { file: "assets/DataTable.js", css: ["assets/DataTable.css"] },
  // A part the screen loads lazily: its stylesheet is the first page's too, its script is not preloaded.
  "src/screens/LibraryBottles/CommentsDialog.tsx": {
    file: "assets/Comments.js",
    imports: ["_DataTable.js"],
    css: ["assets/Comments.css"],
  },
  "src/screens/ThemeIdeas/ThemeIdeasPage.tsx": { file: "assets/Themes.js", imports: ["index.html"] },
  "src/screens/Members/MembersPage.tsx": {
    file: "assets/Members.js",
    imports: ["index.html"],
    css: ["assets/Members.css"],
  },
};
const MODULE = `
globalThis.__renders = 0;
function libraryInput(search) {
  const params = new URLSearchParams(search);
  const input = {};
  if (params.get("sort")) input.sort = params.get("sort");
  if (params.get("dir")) input.dir = params.get("dir");
  if (params.get("abvMin")) input.abvMin = Number(params.get("abvMin"));
  if (params.get("abvMax")) input.abvMax = Number(params.get("abvMax"));
  return input;
}
const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const outcome = (promise) => promise.then(() => "answered", (err) => "refused: " + err.message);
export async function renderFirstPage(url, read) {
  if (url.includes("boom")) throw new Error("render failed");
  globalThis.__renders++;
  globalThis.__url = url;
  if (url.startsWith("/theme-ideas")) {
    // What a screen could ask: a member's read and a write are refused to the prerender.
    const account = await outcome(read("account.get", undefined));
    const write = await outcome(read("meetings.create", { date: "2030-01-01", theme: "x", host: "y" }));
    return { html: "<main><p>" + escape(account) + "</p><p>" + escape(write) + "</p></main>", reads: [] };
  }
  const input = libraryInput(url.split("?")[1] ?? "");
  const data = await read("search.bottles", input);
  return {
    html: "<main>" + data.items.map((b) => "<p>" + escape(b.name) + "</p>").join("") + "</main>",
    reads: [{ procedure: "search.bottles", input, data }],
  };
}
`;

const CSS: Record<string, string> = {
  "/assets/index.css": ":root{--club-entry:1;--club-unused:2}main{color:var(--club-entry)}.dialog{color:red}",
  "/assets/Library.css": "p{margin:0}.library-menu{--club-library:1}",
  "/assets/DataTable.css": "[data-mantine-color-scheme=light] main{color:black}.table{--club-table:1}",
  "/assets/Comments.css": ".comments-dialog{color:red}",
};

const stub = () => globalThis as unknown as { __renders: number; __url: string };
const renders = () => stub().__renders;

let t: TestApp;
let token: string;

beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), "club-web-"));
  const dist = join(web, "dist");
  mkdirSync(join(dist, ".vite"), { recursive: true });
  mkdirSync(join(dist, "assets"));
  for (const [href, css] of Object.entries(CSS)) writeFileSync(join(dist, href), css);
  mkdirSync(join(web, "dist-ssr"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  writeFileSync(join(web, "dist-ssr", "prerender.js"), MODULE);
  t = await createTestApp({ webDistDir: dist });
  ({ token } = await t.member());
  await newBottle(t, token, { name: "Lagavulin 16", abv: 43 });
  await newBottle(t, token, { name: "Booker's </script><script>alert(1)</script>", abv: 63.5 });
  await newBottle(t, token, { name: "Ardbeg 10", abv: 46 });
});
afterAll(() => t.close());

const page = async (path: string) => {
  const res = await t.request({ method: "GET", url: path, headers: { accept: "text/html" } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  return res.body;
};

/** The JSON in the page's data block: its one read (the stand-in's library makes one). */
function pageData(html: string): { procedure: string; input: unknown; data: unknown } {
  const match = /<script type="application\/json" id="club-page-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error("no data block in the page");
  const { reads } = JSON.parse(match[1]) as { reads: { procedure: string; input: unknown; data: unknown }[] };
  expect(reads).toHaveLength(1);
  return reads[0]!;
}

const api = async (query: string) =>
  (await t.request({ method: "GET", url: `/api/Bottles/Search${query}` })).json<unknown>();

describe("a first page (the library's here), prerendered into the page", () => {
  it("carries the search answer the screen asks for, the screen's markup and its stylesheets", async () => {
    const html = await page("/library-bottles");
    const data = pageData(html);
    expect(data).toEqual({ procedure: "search.bottles", input: {}, data: await api("") });
    // The data before the app's scripts (which then do not fetch it).
    expect(html.indexOf('id="club-page-data"')).toBeLessThan(html.indexOf('<script type="module"'));
    // The rules of the entry's and the screen's stylesheets that the markup uses, inline in the head
    // in their order, with the custom properties they use: no request holds back the first frame.
    // The stylesheets stay listed as disabled links, for the app to enable and Vite's loader to find.
    const head = html.slice(0, html.indexOf("</head>"));
    const style = /<style>(.*?)<\/style>/s.exec(head)?.[1] ?? "";
    expect(style.replace(/\s+/g, "")).toBe(
      ":root{--club-entry:1}main{color:var(--club-entry)}p{margin:0}[data-mantine-color-scheme=light]main{color:black}",
    );
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    for (const href of Object.keys(CSS))
      expect(head).toContain(`<link rel="stylesheet" crossorigin href="${href}" disabled>`);
    // The app's script starts at once and hydrates the markup: the entry, its imports and the
    // screen's chunks (not those it loads lazily) are in the head, each once.
    const scripts = [...head.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)].map(
      (m) => m[1],
    );
    expect(scripts).toEqual(["/assets/index-abc.js"]);
    const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual(["/assets/vendor-abc.js", "/assets/Library.js", "/assets/DataTable.js"]);
    expect(html).toContain(
      `<div id="root" data-prerendered=""><main><p>Ardbeg 10</p><p>Booker's &lt;/script>`,
    );
  });

  it("follows the URL's sort and filters, as the screen reads them", async () => {
    const html = await page("/library-bottles?sort=abv&dir=desc&abvMin=44");
    const data = pageData(html);
    expect(data.input).toEqual({ sort: "abv", dir: "desc", abvMin: 44 });
    expect(data.data).toEqual(await api("?sort=abv&dir=desc&abvMin=44"));
    expect(html).toContain("<main><p>Booker's");
    expect(html).not.toContain("Lagavulin 16");
  });

  it("keeps a name with </script> inside the data block, and gives it back whole", async () => {
    const html = await page("/library-bottles");
    const block = /id="club-page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
    expect(block).not.toMatch(/<\/script|<!--|<script/i);
    const names = (pageData(html).data as { items: { name: string }[] }).items.map((b) => b.name);
    expect(names).toContain("Booker's </script><script>alert(1)</script>");
    expect(scriptSafeJson({ a: "\u2028<!--" })).toBe('{"a":"\\u2028\\u003c!--"}');
  });

  it("renders a page once while its data is unchanged, and again after a write", async () => {
    await page("/library-bottles?sort=name");
    const before = renders();
    await page("/library-bottles?sort=name");
    expect(renders()).toBe(before);
    await newBottle(t, token, { name: "Aberlour A'bunadh", abv: 60.8 });
    const html = await page("/library-bottles?sort=name");
    expect(renders()).toBe(before + 1);
    expect(html).toContain("<p>Aberlour");
  });

  it("serves the page as built when the input is refused or the render fails", async () => {
    for (const path of ["/library-bottles?abvMin=80&abvMax=20", "/library-bottles?q=boom"]) {
      expect(await page(path)).toBe(
        INDEX.replace(
          "</head>",
          '  <link rel="modulepreload" crossorigin href="/assets/Library.js">\n' +
            '    <link rel="modulepreload" crossorigin href="/assets/DataTable.js">\n' +
            '    <link rel="preload" as="style" crossorigin href="/assets/Library.css">\n' +
            '    <link rel="preload" as="style" crossorigin href="/assets/DataTable.css">\n  </head>',
        ),
      );
    }
  });

  it("prerenders the first pages whose screen is in the build only; other routes are served as built, with their screen's files preloaded", async () => {
    // First pages whose screens this build lacks, no route, a bottle's path with no integer id.
    for (const path of ["/", "/about", "/library-bottles/extra", "/bottle/1", "/bottle/abc"])
      expect(await page(path)).toBe(INDEX);
    expect(await page("/members")).toBe(
      INDEX.replace(
        "</head>",
        '  <link rel="modulepreload" crossorigin href="/assets/Members.js">\n' +
          '    <link rel="preload" as="style" crossorigin href="/assets/Members.css">\n  </head>',
      ),
    );
  });

  it("answers a screen's reads as a visitor: a member's read and a write are refused", async () => {
    const html = await page("/theme-ideas");
    expect(html).toContain("<p>refused: ");
    expect(html).not.toContain("answered");
    expect(html).toContain("meetings.create is not a query");
    const meetings = await t.request({ method: "GET", url: "/trpc/meetings.list" });
    expect(meetings.json<{ result: { data: unknown[] } }>().result.data).toEqual([]);
  });

  it("allows the page's inline theme script by its hash, and no other inline script", async () => {
    const res = await t.request({ method: "GET", url: "/about", headers: { accept: "text/html" } });
    expect(res.body).toContain(`<script>${BOOT}</script>`);
    const hash = createHash("sha256").update(BOOT).digest("base64");
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(scriptSrc).toBe(`'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
  });

  it("serves a visitor's prerendered page without opener isolation; a member's browser and every other answer keep it", async () => {
    const coop = async (url: string, cookie?: string) => {
      const res = await t.request({
        method: "GET",
        url,
        headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
      });
      expect(res.headers["content-security-policy"], url).toBeDefined();
      // The origin-keyed agent cluster stays either way.
      expect(res.headers["origin-agent-cluster"], url).toBe("?1");
      return res.headers["cross-origin-opener-policy"];
    };
    expect(await coop("/library-bottles")).toBeUndefined();
    expect(await coop("/library-bottles", "club_member=1")).toBe("same-origin");
    expect(await coop("/library-bottles", "theme=dark; club_member=1; other=2")).toBe("same-origin");
    expect(await coop("/library-bottles", "club_member=0")).toBeUndefined();
    // The page as built (no prerender), the API, a missing file: as always.
    for (const url of ["/about", "/members", "/api/Bottles/Search", "/assets/missing.js"])
      expect(await coop(url)).toBe("same-origin");
  });

  it("renders a page for the query parameters its screen reads: any other one is served the kept page", async () => {
    await page("/library-bottles?sort=abv&dir=desc");
    const before = renders();
    for (const more of ["utm_source=x", "r=1", "sort=score", ""])
      expect(await page(`/library-bottles?dir=desc&sort=abv&${more}`)).toContain("data-prerendered");
    // The first of each parameter, as the screen reads it; in the route table's order.
    expect(renders()).toBe(before);
    await page("/theme-ideas");
    const themes = renders();
    for (let i = 0; i < 5; i++) expect(await page(`/theme-ideas?r=${i}`)).toContain("data-prerendered");
    expect(renders()).toBe(themes);
    // A new value of a parameter the screen reads is a new page, rendered at that URL.
    await page("/library-bottles?sort=abv&dir=desc&page=2&r=9");
    expect(renders()).toBe(themes + 1);
    expect(stub().__url).toBe("/library-bottles?sort=abv&dir=desc&page=2");
  });

  it("renders at most two new pages at once; the rest are served as built", async () => {
    const pages = await Promise.all(
      Array.from({ length: 25 }, (_, i) => page(`/library-bottles?sort=abv&abvMin=${i}`)),
    );
    const prerendered = pages.filter((html) => html.includes("data-prerendered")).length;
    expect(prerendered).toBeGreaterThan(0);
    expect(prerendered).toBeLessThan(25);
  });
});

describe("the first pages' render budget and key", () => {
  it("spends at most the second's time, two renders at once, and starts again the next second", () => {
    let now = 5_000;
    const budget = renderBudget(
      250,
      2,
      () => now,
      () => now,
    );
    const first = budget.start();
    now += 150;
    first?.();
    const second = budget.start();
    now += 120;
    second?.();
    // 270 ms of this second spent.
    expect(budget.start()).toBeNull();
    now = 6_000;
    const a = budget.start();
    const b = budget.start();
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(budget.start()).toBeNull();
    a?.();
    expect(budget.start()).not.toBeNull();
  });

  it("counts what a render took of the server's CPU, not of the clock a loaded machine stretches", () => {
    let [clock, cpu] = [5_000, 0];
    const budget = renderBudget(
      250,
      2,
      () => clock,
      () => cpu,
    );
    for (let i = 0; i < 4; i++) {
      const done = budget.start();
      expect(done, `render ${i + 1}`).not.toBeNull();
      // 200 ms on the clock, 50 of them this process's.
      clock += 200;
      cpu += 50;
      done?.();
    }
    // 200 ms of CPU spent in this second: one more fits, then the second's budget is used up.
    const fifth = budget.start();
    cpu += 60;
    fifth?.();
    expect(budget.start()).toBeNull();
  });

  it("keys a page by its path and the parameters the screen reads, in the table's order", () => {
    expect(firstPageUrl("/stats?r=123")).toBe("/stats");
    expect(firstPageUrl("/stats")).toBe("/stats");
    expect(firstPageUrl("/library-bottles?page=2&x=1&q=islay&q=other", ["q", "page"])).toBe(
      "/library-bottles?q=islay&page=2",
    );
    expect(firstPageUrl("/library-bottles?q=a%20b+c", ["q"])).toBe("/library-bottles?q=a+b+c");
  });
});

describe("the prerendered page's stylesheets", () => {
  it("missing from the build: the page is served as built, never without a style", async () => {
    const dist = mkdtempSync(join(tmpdir(), "club-web-"));
    mkdirSync(join(dist, ".vite"), { recursive: true });
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), INDEX);
    writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    writeFileSync(join(dist, "assets", "index.css"), CSS["/assets/index.css"] ?? "");
    const pages = createPageRenderer(dist);
    expect(pages("/library-bottles").firstPage).toBeNull();
    expect(pages("/theme-ideas").firstPage).not.toBeNull();
    // What web.ts then sends: the page as built, with the screen's files preloaded.
    const html = pages("/library-bottles").page.body.toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/Library.js">');
    expect(html).not.toContain("data-prerendered");
  });
});
