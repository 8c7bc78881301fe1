import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { createPageRenderer } from "./pageHints";

const ROOT = '<div id="root"></div>';

// A built web app without Vite's manifest (.vite/manifest.json): no route's files are known, so
// every route gets the page as built and no first page is prerendered (app/prerender.test.ts
// and the e2e tests cover those).
const INDEX =
  '<!doctype html><html><head><script>boot()</script></head><body><div id="root"></div></body></html>';

let t: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "club-dist-"));
  writeFileSync(join(dist, "index.html"), INDEX);
  t = await createTestApp({ webDistDir: dist });
});
afterAll(() => t.close());

const page = async (path: string) => {
  const res = await t.request({ method: "GET", url: path, headers: { accept: "text/html" } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  return res.body;
};

describe("the page served for a client-side route", () => {
  it("serves the page as built for every client-side route", async () => {
    for (const path of [
      "/bottle/1",
      "/bottle/999999",
      "/",
      "/library-bottles",
      "/bottle/abc",
      // The login screen with where to go next and the email to fill in (POST /login is the API).
      "/login?next=%2Fbottle%2F3&email=ann%40example.org",
      "/members",
    ]) {
      expect(await page(path)).toBe(INDEX);
    }
    const api = await t.request({
      method: "GET",
      url: "/login?x=1",
      headers: { accept: "application/json" },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
  });

  it("answers the page to what curl and uptime monitors send (Accept: */*, or none); JSON 404s stay for the API and missing files", async () => {
    for (const headers of [{ accept: "*/*" }, {}, { accept: "text/plain, */*;q=0.1" }]) {
      for (const path of ["/", "/library-bottles", "/bottle/3"]) {
        const res = await t.request({ method: "GET", url: path, headers });
        expect(res.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.body).toContain('<div id="root"');
      }
      for (const path of ["/api/Nothing", "/trpc/nothing.here", "/no-such-file.png", "/assets/gone.js"]) {
        const res = await t.request({ method: "GET", url: path, headers });
        expect(res.statusCode, path).toBe(404);
        expect(res.headers["content-type"], path).toMatch(/^application\/json/);
        expect(res.body, path).not.toContain("<div");
      }
    }
  });
});

describe("the page renderer's start (what the first request does not need waits for it)", () => {
  it("reads the index and the manifest at start, the routes' stylesheets when a page is first asked for", () => {
    const dist = mkdtempSync(join(tmpdir(), "club-dist-lazy-"));
    const head =
      '<script>boot()</script><script type="module" crossorigin src="/assets/index-a.js"></script>';
    writeFileSync(
      join(dist, "index.html"),
      `<!doctype html><html><head>${head}</head><body>${ROOT}</body></html>`,
    );
    mkdirSync(join(dist, ".vite"));
    writeFileSync(
      join(dist, ".vite", "manifest.json"),
      JSON.stringify({
        "index.html": { file: "assets/index-a.js", css: ["assets/index-a.css"] },
        "src/screens/Meetings/MeetingsPage.tsx": { file: "assets/MeetingsPage-b.js" },
      }),
    );
    const pages = createPageRenderer(dist);
    // Written after the renderer is made: a renderer that read it at start would have found none
    // and served "/" without its first page.
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "assets", "index-a.css"), "p{color:red}");
    expect(pages("/").firstPage).not.toBeNull();
    // A build that cannot be read still fails at start.
    writeFileSync(join(dist, ".vite", "manifest.json"), "{not json");
    expect(() => createPageRenderer(dist)).toThrow(SyntaxError);
  });
});
