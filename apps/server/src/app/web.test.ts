import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";

// A built web app as the build writes it (apps/web/dist): index.html, a few files beside it, and
// many hashed assets, each with its .br (the real build has some 500 files under assets/).
const ASSETS = 300;
const INDEX =
  '<!doctype html><html><head><title>Club</title><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
const assetName = (i: number) => `Screen${i}-${String(i).padStart(8, "0")}.js`;
const assetSource = (i: number) => `export const screen${i} = ${JSON.stringify("x".repeat(200))};`;

let t: TestApp;

beforeAll(async () => {
  const dist = join(mkdtempSync(join(tmpdir(), "club-web-static-")), "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  mkdirSync(join(dist, "icons"));
  mkdirSync(join(dist, ".vite"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(dist, "icons", "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(dist, "sw.js.br"), brotliCompressSync("self.addEventListener('fetch', () => {});"));
  writeFileSync(join(dist, "manifest.webmanifest"), "{}");
  writeFileSync(join(dist, ".vite", "manifest.json"), "{}");
  writeFileSync(join(dist, "assets", "index-abc.js"), "export {};");
  for (let i = 0; i < ASSETS; i++) {
    writeFileSync(join(dist, "assets", assetName(i)), assetSource(i));
    writeFileSync(join(dist, "assets", `${assetName(i)}.br`), brotliCompressSync(assetSource(i)));
  }
  t = await createTestApp({ webDistDir: dist });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: "GET", url, headers });

describe("the web build's files (a start that does not grow with the build)", () => {
  it("serves the hashed assets from one route, not a route per file", () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toContain(assetName(0));
    expect(routes).not.toContain(assetName(ASSETS - 1));
    expect(t.app.hasRoute({ method: "GET", url: "/assets/*" })).toBe(true);
    // The few files beside index.html keep their own routes (any other path is the app's page).
    expect(t.app.hasRoute({ method: "GET", url: "/favicon.svg" })).toBe(true);
  });

  it("sends every asset, compressed as built, cached for good", async () => {
    for (const i of [0, 1, ASSETS / 2, ASSETS - 1]) {
      const plain = await get(`/assets/${assetName(i)}`);
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(assetSource(i));
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(plain.headers["content-type"]).toMatch(/^application\/javascript/);
      const br = await get(`/assets/${assetName(i)}`, { "accept-encoding": "br" });
      expect(br.statusCode).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.rawPayload.equals(brotliCompressSync(assetSource(i)))).toBe(true);
    }
    const head = await t.request({ method: "HEAD", url: `/assets/${assetName(7)}` });
    expect(head.statusCode).toBe(200);
  });

  it("answers a missing or malformed asset path with the JSON 404, as any path under /assets/", async () => {
    for (const url of [
      "/assets/Missing-00000000.js",
      "/assets/",
      `/assets//${assetName(3)}`,
      "/assets/x/y.js",
      "/assets/..%2fsw.js",
      "/assets/.hidden",
    ]) {
      const res = await get(url, { accept: "text/html" });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^application\/json/);
    }
  });

  it("serves the files beside index.html uncached, and the page for every other path", async () => {
    const favicon = await get("/favicon.svg");
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers["cache-control"]).toBe("no-cache");
    expect((await get("/icons/icon-192.png")).statusCode).toBe(200);
    const sw = await get("/sw.js");
    expect(sw.headers["service-worker-allowed"]).toBe("/");
    // Listed by app/web.ts, not by @fastify/static's glob (left out of the build): the same files.
    const swBr = await get("/sw.js", { "accept-encoding": "br" });
    expect([swBr.headers["content-encoding"], swBr.headers["cache-control"]]).toEqual(["br", "no-cache"]);
    expect((await t.request({ method: "HEAD", url: "/favicon.svg" })).statusCode).toBe(200);
    expect((await get("/manifest.webmanifest")).headers["content-type"]).toBe("application/manifest+json");
    for (const url of ["/", "/library-bottles", "/bottle/1", "//foo", "/foo//bar", "/assets", "/icons/"]) {
      const res = await get(url, { accept: "text/html" });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
    // The build's own files (.vite/) are not served: a browser gets the page, anything else a 404.
    expect((await get("/.vite/manifest.json")).statusCode).toBe(404);
  });
});
