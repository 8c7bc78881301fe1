import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { loadConfig } from "../config";
import { flowCookie } from "../features/sso/flowCookie";

// A web build as the build writes it: relative links (`./assets/...`), the manifest's paths from
// the root, and a manifest of chunks for a screen's preloads.
const INDEX =
  '<!doctype html><html><head><link rel="icon" href="./favicon.svg" /><script>0</script>' +
  '<script type="module" crossorigin src="./assets/index-abc.js"></script>' +
  '<link rel="stylesheet" crossorigin href="./assets/index-abc.css">' +
  '<link rel="manifest" href="./manifest.webmanifest"></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  name: "Club",
  id: "/",
  start_url: "/",
  scope: "/",
  icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }],
};

function webBuild(): string {
  const dist = join(mkdtempSync(join(tmpdir(), "club-base-path-")), "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  mkdirSync(join(dist, ".vite"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(dist, "manifest.webmanifest"), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, "assets", "index-abc.js"), "export {};");
  writeFileSync(join(dist, "assets", "index-abc.css"), "body{color:red}");
  writeFileSync(join(dist, "assets", "LibraryBottlesPage-abc.js"), "export {};");
  writeFileSync(
    join(dist, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-abc.js", css: ["assets/index-abc.css"] },
      "src/screens/LibraryBottles/LibraryBottlesPage.tsx": { file: "assets/LibraryBottlesPage-abc.js" },
    }),
  );
  return dist;
}

describe("a club under APP_URL's path", () => {
  let t: TestApp;
  let dist: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: "GET", url, headers });

  beforeAll(async () => {
    dist = webBuild();
    t = await createTestApp({ env: { APP_URL: "https://club.example.org/club/" }, webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, ".."), { recursive: true, force: true });
  });

  it("reads the path from APP_URL, without its last /", () => {
    expect([t.app.deps.config.appUrl, t.app.deps.config.basePath]).toEqual([
      "https://club.example.org/club",
      "/club",
    ]);
  });

  it("answers the API, tRPC and /healthz under the path", async () => {
    const rest = await get("/club/api/Bottles");
    expect(rest.statusCode).toBe(200);
    expect(rest.headers["content-type"]).toMatch(/^application\/json/);
    expect(Array.isArray(rest.json())).toBe(true);
    const trpc = await get("/club/trpc/bottles.list?batch=1&input=%7B%7D");
    expect(trpc.statusCode).toBe(200);
    expect((await get("/club/healthz")).statusCode).toBe(200);
    const { token } = await t.member();
    const me = await t.request({ method: "GET", url: "/club/api/Account", token });
    expect(me.statusCode).toBe(200);
  });

  it("answers nothing outside the path: a JSON 404 for the API's paths, a page's 404 for others", async () => {
    for (const url of [
      "/api/Bottles",
      "/trpc/bottles.list?batch=1&input=%7B%7D",
      "/healthz",
      "/api",
      "/auth/oidc/start",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
    }
    const post = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: "a@b.c", password: "x" },
    });
    expect(post.statusCode).toBe(404);
    for (const url of [
      "/",
      "/library-bottles",
      "/assets/index-abc.js",
      "/manifest.webmanifest",
      "/clubhouse/",
      "/CLUB/",
    ]) {
      const res = await get(url, { accept: "text/html" });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<a href="/club/">/club/</a>');
    }
  });

  it("sends the path itself, without its /, to the app's folder", async () => {
    const res = await get("/club?x=1");
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe("/club/?x=1");
  });

  it("serves the pages with their links under the path", async () => {
    for (const url of ["/club/", "/club/library-bottles", "/club/index.html"]) {
      const res = await get(url, { accept: "text/html" });
      expect(res.statusCode, url).toBe(200);
      const links = [...res.body.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
      expect(links.length, url).toBeGreaterThan(3);
      for (const link of links) expect(link, url).toMatch(/^\/club\//);
    }
    const library = await get("/club/library-bottles", { accept: "text/html" });
    expect(library.body).toContain(
      '<link rel="modulepreload" crossorigin href="/club/assets/LibraryBottlesPage-abc.js">',
    );
    const asset = await get("/club/assets/index-abc.js");
    expect(asset.statusCode).toBe(200);
  });

  it("serves the web manifest and the service worker for the path", async () => {
    const manifest = await get("/club/manifest.webmanifest");
    expect(manifest.headers["content-type"]).toBe("application/manifest+json");
    expect(manifest.json()).toEqual({
      name: "Club",
      id: "/club/",
      start_url: "/club/",
      scope: "/club/",
      icons: [{ src: "/club/icons/icon-192.png", sizes: "192x192" }],
      lang: "en",
    });
    const worker = await get("/club/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["service-worker-allowed"]).toBe("/club/");
  });

  it("serves Swagger UI at the path's /docs/, which links its files relative to itself", async () => {
    const bare = await get("/club/docs");
    expect(bare.statusCode).toBe(308);
    expect(bare.headers.location).toBe("/club/docs/");
    const page = await get("/club/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="./static/swagger-ui.css"');
    expect((await get("/club/docs/json")).json()).toMatchObject({
      servers: [{ url: "https://club.example.org/club" }],
    });
  });

  it("redirects to its own paths under the path", async () => {
    // Single sign-on is not set up: back to the login screen, at the club's path.
    const res = await get("/club/auth/oidc/start");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/club/login?sso=NOT_CONFIGURED");
  });
});

describe("APP_URL's path", () => {
  const config = (appUrl: string) =>
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "club-base-path-config-")), APP_URL: appUrl });

  it("is empty at a host's root, as before", () => {
    expect(config("https://club.example.org").basePath).toBe("");
    expect(config("https://club.example.org/").basePath).toBe("");
    expect(config("http://club.lan:3000").appUrl).toBe("http://club.lan:3000");
  });

  it("may have several segments", () => {
    expect(config("https://example.org/clubs/whiskey/").basePath).toBe("/clubs/whiskey");
  });

  it("refuses a query, a fragment or a path that is not plain segments, with one clear line", () => {
    expect(() => config("https://example.org/club?x=1")).toThrow(
      /APP_URL must not have a query or a fragment/,
    );
    expect(() => config("https://example.org/club#top")).toThrow(
      /APP_URL must not have a query or a fragment/,
    );
    for (const url of ["https://example.org/my%20club", "https://example.org/a//b"])
      expect(() => config(url), url).toThrow(/APP_URL's path must be plain segments/);
  });

  it("is the single sign-on cookie's path too", () => {
    const flow = { state: "s", nonce: "n", codeVerifier: "v", next: "/", expiresAt: 0 };
    expect(flowCookie(new Uint8Array(32), flow, true, "/club")).toContain("; Path=/club/auth/oidc;");
    expect(flowCookie(new Uint8Array(32), flow, true)).toContain("; Path=/auth/oidc;");
  });
});
