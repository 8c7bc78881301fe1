import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { ConfigError, loadConfig, parseOrigins } from "../config";

const SITE = "https://club-site.test";
const OTHER = "https://elsewhere.test";
const CORS_HEADERS = [
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-allow-credentials",
  "access-control-expose-headers",
  "access-control-max-age",
];
const corsHeadersOf = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => CORS_HEADERS.includes(name));

const MEETINGS = "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames";

describe("CORS_ORIGINS", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: ` ${SITE}, http://localhost:8080 ` } });
    ({ token } = await t.member());
  });
  afterAll(() => t.close());

  it("lets a listed origin read the public data, never with credentials", async () => {
    const res = await t.request({ method: "GET", url: MEETINGS, headers: { origin: SITE } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/origin/i);
    expect(String(res.headers["access-control-expose-headers"])).toMatch(/ETag/);
    const trpc = await t.request({
      method: "GET",
      url: "/trpc/meetings.list,themes.list?batch=1&input=%7B%7D",
      headers: { origin: "http://localhost:8080" },
    });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.headers["access-control-allow-origin"]).toBe("http://localhost:8080");
  });

  it("answers a listed origin's preflight with 204, the methods and the headers", async () => {
    const read = await t.request({
      method: "OPTIONS",
      url: MEETINGS,
      headers: { origin: SITE, "access-control-request-method": "GET" },
    });
    expect(read.statusCode).toBe(204);
    expect(read.headers["access-control-allow-origin"]).toBe(SITE);
    expect(read.headers["access-control-allow-methods"]).toBe("GET, HEAD");
    expect(read.headers["access-control-allow-headers"]).toBe("Authorization, Content-Type, If-None-Match");
    expect(read.headers["access-control-max-age"]).toBe("600");
    expect(read.headers["access-control-allow-credentials"]).toBeUndefined();

    const write = await t.request({
      method: "OPTIONS",
      url: "/api/Account",
      headers: {
        origin: SITE,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "content-type,authorization",
      },
    });
    expect(write.statusCode).toBe(204);
    expect(write.headers["access-control-allow-methods"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
  });

  it("lets a listed origin make calls with a bearer token", async () => {
    const res = await t.request({ method: "GET", url: "/api/Account", token, headers: { origin: SITE } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("gives a listed origin no CORS for a write without a token, nor for a member's read", async () => {
    const preflight = await t.request({
      method: "OPTIONS",
      url: "/login",
      headers: {
        origin: SITE,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(corsHeadersOf(preflight.headers)).toEqual([]);
    const login = await t.request({
      method: "POST",
      url: "/login",
      headers: { origin: SITE, "content-type": "application/json" },
      payload: { email: "nobody@example.org", password: "wrong password here" },
    });
    expect(corsHeadersOf(login.headers)).toEqual([]);
    const account = await t.request({ method: "GET", url: "/api/Account", headers: { origin: SITE } });
    expect(account.statusCode).toBe(401);
    expect(corsHeadersOf(account.headers)).toEqual([]);
  });

  it("gives an unlisted origin no CORS header at all", async () => {
    const preflight = await t.request({
      method: "OPTIONS",
      url: MEETINGS,
      headers: {
        origin: OTHER,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(corsHeadersOf(preflight.headers)).toEqual([]);
    for (const headers of [{ origin: OTHER }, { origin: OTHER, authorization: `Bearer ${token}` }]) {
      const res = await t.request({ method: "GET", url: MEETINGS, headers });
      expect(res.statusCode).toBe(200);
      expect(corsHeadersOf(res.headers)).toEqual([]);
    }
    // The origin must match exactly: no suffix, no other scheme.
    for (const origin of [`${SITE}.evil.test`, SITE.replace("https", "http"), "null"]) {
      const res = await t.request({ method: "GET", url: MEETINGS, headers: { origin } });
      expect(corsHeadersOf(res.headers)).toEqual([]);
    }
  });

  it("a preflight without its method is no preflight: a 404", async () => {
    const res = await t.request({ method: "OPTIONS", url: MEETINGS, headers: { origin: SITE } });
    expect(res.statusCode).toBe(404);
  });
});

describe("without CORS_ORIGINS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers no origin with CORS headers and preflights stay 404s", async () => {
    const res = await t.request({ method: "GET", url: MEETINGS, headers: { origin: SITE } });
    expect(corsHeadersOf(res.headers)).toEqual([]);
    const preflight = await t.request({
      method: "OPTIONS",
      url: MEETINGS,
      headers: { origin: SITE, "access-control-request-method": "GET" },
    });
    expect(preflight.statusCode).toBe(404);
    expect(corsHeadersOf(preflight.headers)).toEqual([]);
  });
});

describe("CORS_ORIGINS at start", () => {
  it("takes origins as a browser sends them", () => {
    expect(parseOrigins("https://a.test, http://localhost:8080,https://a.test")).toEqual([
      "https://a.test",
      "http://localhost:8080",
    ]);
    expect(parseOrigins("")).toEqual([]);
  });

  it.each(["https://a.test/", "https://a.test/club", "*", "a.test", "ftp://a.test", "https://*.a.test"])(
    "refuses %s with a clear message",
    (value) => {
      expect(() => loadConfig({ DATA_DIR: "/tmp/club-cors-config", CORS_ORIGINS: value })).toThrow(
        ConfigError,
      );
      expect(() => parseOrigins(value)).toThrow(
        /CORS_ORIGINS .* is not an origin; use a comma-separated list/,
      );
    },
  );
});
