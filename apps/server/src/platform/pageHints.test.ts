import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, newBottle } from "../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../test/helpers";

// A built web app as the build writes it (apps/web/vite.routePreload.ts writes .vite/route-hints.json).
const INDEX =
  '<!doctype html><html><head><script src="/assets/boot.js"></script></head><body><div id="root"></div></body></html>';
const HINTS = {
  routes: ["^/bottle/([1-9]\\d{0,8})/?$"],
  image: {
    src: "/api/Bottles/ID/Image?v=VERSION",
    srcSet: "/api/Bottles/ID/Image?size=medium&v=VERSION 800w, /api/Bottles/ID/Image?v=VERSION 1600w",
    sizes: "(max-width: 474px) calc(100vw - 74px), 400px",
  },
};

let t: TestApp;
let token: string;
let withImage: number;
let withoutImage: number;
let version: string;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "club-dist-"));
  mkdirSync(join(dist, ".vite"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, ".vite", "route-hints.json"), JSON.stringify(HINTS));
  t = await createTestApp({ webDistDir: dist });
  ({ token } = await t.member());
  withImage = await newBottle(t, token, { name: "Pictured" });
  withoutImage = await newBottle(t, token, { name: "Plain" });
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#a05a1e" } })
    .png()
    .toBuffer();
  const res = await uploadImage(withImage, png, "image/png");
  version = res.json<{ imageVersion: string }>().imageVersion;
});
afterAll(() => t.close());

const uploadImage = (bottleId: number, data: Buffer, contentType: string) => {
  const { payload, headers } = multipart([{ name: "image", filename: "photo", contentType, data }]);
  return t.request({
    method: "POST",
    url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
    payload,
    headers,
    token,
  });
};

const page = async (path: string) => {
  const res = await t.request({ method: "GET", url: path, headers: { accept: "text/html" } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  return res.body;
};

describe("the page served for a client-side route", () => {
  it("preloads a bottle's photo on the bottle's page, with the <img>'s srcset and sizes", async () => {
    const html = await page(`/bottle/${withImage}`);
    const link =
      `<link rel="preload" as="image" href="/api/Bottles/${withImage}/Image?v=${version}" ` +
      `imagesrcset="/api/Bottles/${withImage}/Image?size=medium&amp;v=${version} 800w, /api/Bottles/${withImage}/Image?v=${version} 1600w" ` +
      `imagesizes="(max-width: 474px) calc(100vw - 74px), 400px" fetchpriority="high">`;
    expect(html).toContain(link);
    // In <head>, and the rest of the page as built.
    expect(html.indexOf(link)).toBeLessThan(html.indexOf("</head>"));
    expect(html.replace(`  ${link}\n  `, "")).toBe(INDEX);
  });

  it("serves the page as built elsewhere: no photo, unknown bottle, other routes", async () => {
    for (const path of [
      `/bottle/${withoutImage}`,
      "/bottle/999999",
      "/",
      "/library-bottles",
      "/bottle/abc",
      // Issue 11: the login screen with where to go next and the email to fill in (POST /login is the API).
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

  it("follows a new photo at once (the read cache empties on every write)", async () => {
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#333" } })
      .jpeg()
      .toBuffer();
    const res = await uploadImage(withoutImage, jpeg, "image/jpeg");
    const next = res.json<{ imageVersion: string }>().imageVersion;
    expect(await page(`/bottle/${withoutImage}`)).toContain(`/api/Bottles/${withoutImage}/Image?v=${next}"`);
  });
});
