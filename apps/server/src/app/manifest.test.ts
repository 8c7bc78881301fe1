import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManifestMessages } from "@club/shared";
import { createTestApp, type TestApp } from "../../test/helpers";

/** The web manifest in the page's language: its lang and description; the app's name stays. */
const BUILT = {
  id: "/",
  name: "Whiskey Tasting Club",
  short_name: "Whiskey Club",
  description: ManifestMessages.description,
  start_url: "/",
  scope: "/",
};
let t: TestApp;

beforeAll(async () => {
  const dist = join(mkdtempSync(join(tmpdir(), "club-manifest-")), "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, "manifest.webmanifest"), JSON.stringify(BUILT));
  t = await createTestApp({ webDistDir: dist });
});
afterAll(() => t.close());

const manifest = async (headers: Record<string, string> = {}) => {
  const res = await t.request({ method: "GET", url: "/manifest.webmanifest", headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/manifest+json");
  expect(res.headers.vary).toMatch(/cookie, accept-language/);
  return res.json<Record<string, string>>();
};

describe("the web manifest in a language", () => {
  it("is the build's in English, word for word, with its lang", async () => {
    expect(await manifest()).toEqual({ ...BUILT, lang: "en" });
  });

  it("follows Accept-Language and the language cookie; the name stays the club app's", async () => {
    const german = await manifest({ "accept-language": "de-CH,de;q=0.9,en;q=0.5" });
    expect(german).toEqual({
      ...BUILT,
      lang: "de",
      description: "Monatliche Treffen, Flaschenbibliothek und Themenideen unseres Whiskey-Tastingclubs.",
    });
    const japanese = await manifest({ "accept-language": "de", cookie: "club_lang=ja" });
    expect(japanese.lang).toBe("ja");
    expect(japanese.description).toBe(
      "私たちのウイスキーテイスティングクラブの月例会、ボトルライブラリー、テーマのアイデア。",
    );
    expect([japanese.name, japanese.short_name]).toEqual(["Whiskey Tasting Club", "Whiskey Club"]);
    expect((await manifest({ "accept-language": "xx" })).lang).toBe("en");
  });

  it("the app's build says the description the catalogue translates", () => {
    const config = readFileSync(new URL("../../../web/vite.config.ts", import.meta.url), "utf8");
    expect(config).toContain(`description: "${ManifestMessages.description}"`);
  });
});
