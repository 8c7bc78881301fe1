import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";

/** The embeddable next-meeting card a club's website frames (CORS_ORIGINS). */
const SITE = "https://club-site.test";
const NOW = new Date("2026-11-23T12:00:00Z");
const EMBED = "/embed/next-meeting";

let t: TestApp;
let member: Awaited<ReturnType<TestApp["member"]>>;
beforeAll(async () => {
  t = await createTestApp({
    env: { CLUB_TIMEZONE: "America/New_York", CORS_ORIGINS: `${SITE},http://localhost:8080` },
    now: () => NOW,
  });
  member = await t.member();
});
afterAll(() => t.close());

const cspOf = (headers: Record<string, unknown>) => String(headers["content-security-policy"]);

describe("GET /embed/next-meeting", () => {
  it("shows the rule's date with nothing announced, then the meeting's date, theme, host and link", async () => {
    const before = await t.request({ method: "GET", url: EMBED });
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(before.body).toContain(
      '<time datetime="2026-12-11T19:00">Friday, December 11, 2026, 7:00 PM</time>',
    );
    expect(before.body).toContain("<dt>Theme</dt><dd>To be announced</dd>");
    expect(before.body).toContain('href="http://club.test/"');

    const themeId = (await t.caller(member.user).themes.create({ description: "Smoke & <Sherry>" })).id;
    const { id } = await t
      .caller(member.user)
      .meetings.create({ date: "2026-12-04", hostName: "Ann Lee", themeId });
    const after = await t.request({ method: "GET", url: EMBED });
    expect(after.body).toContain("Friday, December 4, 2026, 7:00 PM");
    expect(after.body).toContain("<dt>Theme</dt><dd>Smoke &amp; &lt;Sherry&gt;</dd>");
    expect(after.body).toContain("<dt>Host</dt><dd>Ann Lee</dd>");
    expect(after.body).toContain(
      `href="http://club.test/monthlymeeting/${id}" target="_blank" rel="noopener"`,
    );
    // Server-rendered and small: no script of any kind.
    expect(after.body).not.toMatch(/<script/i);
    expect(after.body.length).toBeLessThan(3000);
  });

  it("only the club's websites may frame it; every other page still refuses to be framed", async () => {
    const res = await t.request({ method: "GET", url: EMBED });
    expect(cspOf(res.headers)).toMatch(
      /frame-ancestors https:\/\/club-site\.test http:\/\/localhost:8080(;|$)/,
    );
    expect(cspOf(res.headers)).toMatch(/default-src 'none'/);
    expect(cspOf(res.headers)).not.toMatch(/script-src/);
    expect(res.headers["x-frame-options"]).toBeUndefined();
    for (const url of ["/api/MonthlyMeetings/Next", "/healthz", "/login", "/embed/next-meeting/x"]) {
      const other = await t.request({ method: "GET", url, headers: { accept: "text/html" } });
      expect(cspOf(other.headers), url).toMatch(/frame-ancestors 'none'/);
      expect(other.headers["x-frame-options"], url).toBe("DENY");
    }
  });

  it("takes the scheme from ?theme=, else the visitor's system's; a bad one is a 400", async () => {
    const dark = await t.request({ method: "GET", url: `${EMBED}?theme=dark` });
    expect(dark.body).toContain('<meta name="color-scheme" content="dark">');
    expect(dark.body).toContain("--bg:#221d19");
    expect(dark.body).not.toContain("prefers-color-scheme");
    const light = await t.request({ method: "GET", url: `${EMBED}?theme=light` });
    expect(light.body).toContain('<meta name="color-scheme" content="light">');
    expect(light.body).not.toContain("--bg:#221d19");
    const auto = await t.request({ method: "GET", url: EMBED });
    expect(auto.body).toContain("@media (prefers-color-scheme:dark)");
    // Each stylesheet is allowed by its own hash.
    expect(cspOf(dark.headers)).not.toBe(cspOf(light.headers));
    for (const url of [`${EMBED}?theme=purple`, `${EMBED}?theme=dark&theme=light`]) {
      const bad = await t.request({ method: "GET", url });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().error).toMatchObject({ code: "BAD_REQUEST" });
      expect(JSON.stringify(bad.json().error.issues)).toMatch(/theme must be light or dark/);
    }
  });

  it("is a 304 when nothing changed", async () => {
    const first = await t.request({ method: "GET", url: EMBED });
    const again = await t.request({
      method: "GET",
      url: EMBED,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("GET /embed/next-meeting without CORS_ORIGINS", () => {
  it("is in the club's language: its words, its date and time, its lang", async () => {
    const german = await createTestApp({ env: { CLUB_LANGUAGE: "de" } });
    try {
      const html = (await german.request({ method: "GET", url: EMBED })).body;
      expect(html).toContain('<html lang="de">');
      expect(html).toContain("Nächstes Treffen");
      expect(html).toContain("<dt>Thema</dt>");
      // "Freitag, 11. Dezember 2026 um 19:00": the weekday and the 24-hour time as German writes them.
      expect(html).toMatch(/<time [^>]*>[A-Z][a-z]+tag, \d{1,2}\. [A-ZÄa-zä]+ \d{4}( um|,) 19:00<\/time>/);
    } finally {
      await german.close();
    }
  });

  it("may be framed by no one", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.request({ method: "GET", url: EMBED });
      expect(res.statusCode).toBe(200);
      expect(cspOf(res.headers)).toMatch(/frame-ancestors 'none'/);
    } finally {
      await plain.close();
    }
  });
});
