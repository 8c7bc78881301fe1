import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { ConfigError, loadConfig } from "../src/config";
import { JSON_BODY_LIMIT, REQUEST_TIMEOUT_MS } from "../src/app/security";
import { createTestApp, type TestApp } from "./helpers";
import {
  callerToken,
  fillRoute,
  makeCtx,
  restInject,
  restEndpoints,
  restName,
  seedFixtures,
  snapshot,
  trpcInject,
  type EndpointCtx,
} from "./fuzz/endpoints";

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

const parseCsp = (header: string | undefined) =>
  new Map(
    (header ?? "")
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0] ?? "", d] as const),
  );

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(["/healthz", "/api/Bottles", "/api/Nope", "/trpc/meetings.list"])("are set on %s", async (url) => {
    const res = await t.request({ method: "GET", url });
    const csp = parseCsp(res.headers["content-security-policy"]?.toString());
    for (const directive of EXPECTED_CSP) expect(csp.get(directive.split(" ")[0] ?? "")).toBe(directive);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    // WebAssembly may be compiled (the barcode reader), JavaScript never evaluated.
    expect([...csp.values()].join(" ").split(/\s+/)).not.toContain("'unsafe-eval'");
    expect(csp.get("script-src")).not.toContain("unsafe-inline");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("requests are bounded in size and time (no slowloris)", () => {
    expect(t.app.initialConfig.bodyLimit).toBe(JSON_BODY_LIMIT);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it("are set on error answers too", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/MonthlyThemes",
      payload: { id: 0, description: "x" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("routes under /docs get the docs policy (the hook for Swagger UI), still without inline scripts", async () => {
    const docs = await t.request({ method: "GET", url: "/docs/" });
    expect(docs.statusCode).toBe(200);
    const csp = parseCsp(docs.headers["content-security-policy"]?.toString());
    expect(csp.get("img-src")).toBe("img-src 'self' data: blob: https:");
    expect(csp.get("script-src")).toBe("script-src 'self'");
    expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    const app = await t.request({ method: "GET", url: "/api/Bottles" });
    expect(parseCsp(app.headers["content-security-policy"]?.toString()).get("img-src")).toBe(
      "img-src 'self' data: blob:",
    );
  });

  it("a procedure path with a stray % is a tRPC 404, not a 500", async () => {
    for (const url of [
      "/trpc/%25",
      "/trpc/%C8%82%25",
      "/trpc/auth.login%25zz",
      "/trpc/meetings.list,%25?batch=1",
    ]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(JSON.stringify(res.json()), url).toContain('"NOT_FOUND"');
    }
  });

  it("HSTS is opt-in and only with an https APP_URL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "club-hsts-"));
    try {
      expect(() => loadConfig({ DATA_DIR: dir, HSTS: "true", APP_URL: "http://club.lan:3000" })).toThrow(
        ConfigError,
      );
      expect(() => loadConfig({ DATA_DIR: dir, HSTS: "true" })).toThrow(/HSTS needs an APP_URL/);
      const https = await createTestApp({ env: { HSTS: "true", APP_URL: "https://club.example.org" } });
      try {
        const res = await https.request({ method: "GET", url: "/healthz" });
        expect(res.headers["strict-transport-security"]).toBe("max-age=15552000");
      } finally {
        await https.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("bad rate-limit settings stop the start with a line naming the variable", () => {
    const dir = mkdtempSync(join(tmpdir(), "club-rl-"));
    try {
      expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMIT_AUTH_MAX: "lots" })).toThrow(
        /^Invalid configuration: RATE_LIMIT_AUTH_MAX /,
      );
      expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMIT: "maybe" })).toThrow(
        /^Invalid configuration: RATE_LIMIT /,
      );
      expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: "ture" })).toThrow(
        /^Invalid configuration: TRUST_PROXY /,
      );
      expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "10.0.0.1,10.0.0.0/8" }).trustProxy).toBe(
        "10.0.0.1,10.0.0.0/8",
      );
      expect(loadConfig({ DATA_DIR: dir }).rateLimit).toEqual({
        enabled: true,
        authMax: 20,
        refreshMax: 60,
        windowMs: 60_000,
        accountFailures: 10,
        mailPerHour: 5,
      });
      for (const name of ["RATE_LIMIT_ACCOUNT_FAILURES", "RATE_LIMIT_MAIL_PER_HOUR"])
        expect(() => loadConfig({ DATA_DIR: dir, [name]: "0" })).toThrow(
          new RegExp(`^Invalid configuration: ${name} `),
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("rate limits", () => {
  const login = (t: TestApp, ip = "127.0.0.1") =>
    t.request({
      method: "POST",
      url: "/login",
      payload: { email: "nobody@example.com", password: "wrong-password" },
      remoteAddress: ip,
    });

  describe("with a limit of 3 per window", () => {
    let t: TestApp;
    beforeAll(async () => {
      // A window the attempts cannot outlast on a loaded machine (each login hashes a password).
      t = await createTestApp({
        env: { RATE_LIMIT_AUTH_MAX: "3", RATE_LIMIT_REFRESH_MAX: "5", RATE_LIMIT_WINDOW_SECONDS: "600" },
      });
    });
    afterAll(() => t.close());

    it("POST /login: the 4th attempt is a 429 JSON error with Retry-After, before any password check", async () => {
      for (let i = 0; i < 3; i++) expect((await login(t, "10.0.0.1")).statusCode).toBe(401);
      const res = await login(t, "10.0.0.1");
      expect(res.statusCode).toBe(429);
      // Refused before any password check: before its body is even read (a body the login would
      // refuse as malformed gets the same 429), so no argon2 runs for it.
      const unread = await t.request({
        method: "POST",
        url: "/login",
        headers: { "content-type": "application/json" },
        payload: "{not json",
        remoteAddress: "10.0.0.1",
      });
      expect(unread.statusCode).toBe(429);
      expect(res.json()).toEqual({
        error: { code: "TOO_MANY_REQUESTS", message: ServerMessages.tooManyRequests },
      });
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Another client is not affected, nor are other routes for this one.
      expect((await login(t, "10.0.0.2")).statusCode).toBe(401);
      const read = await t.request({ method: "GET", url: "/api/Bottles", remoteAddress: "10.0.0.1" });
      expect(read.statusCode).toBe(200);
    });

    it("POST /login: once the window passes the client may try again", async () => {
      // One attempt a second, made with a body refused before any password is hashed, so both
      // requests fall in one window however loaded the machine is.
      const short = await createTestApp({
        env: { RATE_LIMIT_AUTH_MAX: "1", RATE_LIMIT_WINDOW_SECONDS: "1" },
      });
      const malformed = () =>
        short.request({
          method: "POST",
          url: "/login",
          headers: { "content-type": "application/json" },
          payload: "{not json",
          remoteAddress: "10.0.0.3",
        });
      try {
        expect((await malformed()).statusCode).toBe(400);
        const refused = await malformed();
        expect(refused.statusCode).toBe(429);
        const retryAfter = Number(refused.headers["retry-after"]);
        await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
        expect((await malformed()).statusCode).toBe(400);
      } finally {
        await short.close();
      }
    });

    it("every limited answer says its budget in the IETF RateLimit fields, before the 429 too", async () => {
      // A window of its own that cannot roll over between these few requests.
      const long = await createTestApp({
        env: { RATE_LIMIT_AUTH_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "600" },
      });
      const ip = "10.0.9.1";
      const seen: { policy: unknown; state: unknown; status: number }[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(long, ip);
        seen.push({
          policy: res.headers["ratelimit-policy"],
          state: res.headers.ratelimit,
          status: res.statusCode,
        });
      }
      expect(seen.map((s) => s.status)).toEqual([401, 401, 401, 429]);
      for (const s of seen) expect(s.policy).toBe('"login";q=3;w=600');
      expect(seen.map((s) => String(s.state).replace(/;t=\d+$/, ""))).toEqual([
        '"login";r=2',
        '"login";r=1',
        '"login";r=0',
        '"login";r=0',
      ]);
      for (const s of seen) expect(Number(String(s.state).split(";t=")[1])).toBeLessThanOrEqual(600);
      // An action that is not limited says nothing of a budget.
      const read = await long.request({ method: "GET", url: "/api/Bottles", remoteAddress: ip });
      expect(read.headers["ratelimit-policy"]).toBeUndefined();
      await long.close();
    });

    it("the session's calls are REST-only: tRPC has no auth procedure to go around the budget", async () => {
      const ip = "10.0.1.1";
      const input = { email: "nobody@example.com", password: "wrong-password" };
      for (const path of ["auth.login", "auth.login,auth.login"]) {
        const res = await t.request({
          method: "POST",
          url: `/trpc/${path}${path.includes(",") ? "?batch=1" : ""}`,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(path.includes(",") ? { 0: input, 1: input } : input),
          remoteAddress: ip,
        });
        expect(res.statusCode).toBe(404);
      }
    });

    it("limits registration, confirmation (and its resend) and refresh separately", async () => {
      const ip = "10.0.2.1";
      const reg = () =>
        t.request({
          method: "POST",
          url: "/api/Register/register",
          payload: { email: "x" },
          remoteAddress: ip,
        });
      const confirm = () =>
        t.request({
          method: "GET",
          url: "/api/Register/confirmemail?token=a&email=b%40c.de",
          remoteAddress: ip,
        });
      const confirmHead = () =>
        t.request({
          method: "HEAD",
          url: "/api/Register/confirmemail?token=a&email=b%40c.de",
          remoteAddress: ip,
        });
      const resend = () =>
        t.request({
          method: "POST",
          url: "/api/Register/resendConfirmation",
          payload: { email: "b@c.de" },
          remoteAddress: ip,
        });
      const refresh = () =>
        t.request({
          method: "POST",
          url: "/api/Register/refresh",
          payload: { refreshToken: "nope" },
          remoteAddress: ip,
        });

      for (let i = 0; i < 3; i++) expect((await reg()).statusCode).toBe(400);
      expect((await reg()).statusCode).toBe(429);

      expect((await confirm()).statusCode).toBe(400);
      expect((await confirmHead()).statusCode).toBe(400);
      expect((await resend()).statusCode).toBe(200);
      expect((await confirm()).statusCode).toBe(429);
      expect((await resend()).statusCode).toBe(429);

      for (let i = 0; i < 5; i++) expect((await refresh()).statusCode).toBe(401);
      expect((await refresh()).statusCode).toBe(429);

      // Logout, token validation and member writes are not rate-limited.
      const logout = await t.request({
        method: "POST",
        url: "/api/Register/logout",
        payload: { refreshToken: "nope" },
        remoteAddress: ip,
      });
      expect(logout.statusCode).toBe(200);
    });

    it("a refused request changes nothing", async () => {
      const ip = "10.0.3.1";
      const payload = {
        email: "limited@example.com",
        password: "long-enough-pw",
        firstName: "L",
        lastName: "M",
      };
      for (let i = 0; i < 3; i++)
        await t.request({
          method: "POST",
          url: "/api/Register/register",
          payload: { email: "bad" },
          remoteAddress: ip,
        });
      const before = snapshot(t);
      const res = await t.request({
        method: "POST",
        url: "/api/Register/register",
        payload,
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(429);
      expect(snapshot(t)).toBe(before);
    });
  });

  describe("with the default settings", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("normal use never hits them: a member logs in, refreshes and browses for a while", async () => {
      const member = await t.member();
      let refreshToken: string;
      for (let session = 0; session < 5; session++) {
        const res = await t.request({
          method: "POST",
          url: "/login",
          payload: { email: member.user.email, password: "correct horse battery" },
        });
        expect(res.statusCode).toBe(200);
        refreshToken = res.json<{ refreshToken: string }>().refreshToken;
        for (let i = 0; i < 6; i++) {
          const r = await t.request({
            method: "POST",
            url: "/api/Register/refresh",
            payload: { refreshToken },
          });
          expect(r.statusCode).toBe(200);
          refreshToken = r.json<{ refreshToken: string }>().refreshToken;
        }
      }
      for (let i = 0; i < 200; i++) {
        const r = await t.request({ method: "GET", url: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames" });
        expect(r.statusCode).toBe(200);
      }
    });
  });

  it("can be switched off (RATE_LIMIT=false)", async () => {
    const t = await createTestApp({ env: { RATE_LIMIT: "false", RATE_LIMIT_AUTH_MAX: "1" } });
    try {
      for (let i = 0; i < 5; i++) expect((await login(t)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe("caching: member-private answers are never stored", () => {
  let t: TestApp;
  let c: EndpointCtx;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false" } });
    c = makeCtx(t, await seedFixtures(t));
  });
  afterAll(() => t.close());

  it("every member-only read (REST and tRPC) says Cache-Control: no-store", async () => {
    const reads = restEndpoints.filter((e) => e.method === "GET" && e.access !== "public");
    expect(reads.map(restName)).toEqual(
      expect.arrayContaining(["GET /api/Account", "GET /api/Activity", "GET /api/Dues/Me", "GET /api/Dues"]),
    );
    const wrong: string[] = [];
    for (const e of reads) {
      const res = await t.request(restInject(e, await e.valid(c), await callerToken(c, e.as)));
      if (res.statusCode !== 200) wrong.push(`${restName(e)}: ${res.statusCode}`);
      else if (res.headers["cache-control"] !== "no-store")
        wrong.push(`${restName(e)}: ${String(res.headers["cache-control"])}`);
    }
    for (const path of ["account.get", "activity.list", "dues.me", "dues.list"]) {
      const res = await t.request({
        method: "GET",
        url: `/trpc/${path}`,
        token: path.startsWith("dues.list") ? c.f.treasurer.token : c.f.member.token,
      });
      if (res.headers["cache-control"] !== "no-store")
        wrong.push(`${path}: ${String(res.headers["cache-control"])}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a public read stays revalidated by its ETag, and an error is not stored either", async () => {
    const read = await t.request({ method: "GET", url: "/api/Bottles" });
    expect(read.headers["cache-control"]).toBe("no-cache");
    expect(read.headers.etag).toBeDefined();
    const refused = await t.request({ method: "GET", url: "/api/Account" });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });
});

describe("body size limits", () => {
  let t: TestApp;
  let c: EndpointCtx;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false" } });
    c = makeCtx(t, await seedFixtures(t));
  });
  afterAll(() => t.close());

  it("a JSON body over the limit is a 413 JSON error and changes nothing", async () => {
    const comment = "x".repeat(JSON_BODY_LIMIT);
    for (const req of [
      {
        method: "POST" as const,
        url: "/api/BottleComments",
        payload: JSON.stringify({ bottleId: c.f.bottleId, comment }),
      },
      trpcInject("comments.create", "mutation", { bottleId: c.f.bottleId, comment }),
      {
        method: "POST" as const,
        url: "/login",
        payload: JSON.stringify({ email: "a@b.cd", password: comment }),
      },
    ]) {
      const before = snapshot(t);
      const res = await t.request({
        ...req,
        headers: { "content-type": "application/json" },
        token: c.f.member.token,
      });
      expect(res.statusCode, JSON.stringify(req.url)).toBe(413);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(snapshot(t)).toBe(before);
    }
  });

  it("a body just under the limit is read (and refused by validation, not by size)", async () => {
    const comment = "x".repeat(JSON_BODY_LIMIT - 100);
    const res = await t.request({
      method: "POST",
      url: "/api/BottleComments",
      payload: { bottleId: c.f.bottleId, comment },
      token: c.f.member.token,
    });
    expect(res.statusCode).toBe(400);
  });

  it("a body without a Content-Length (chunked) is cut off at the limit too", async () => {
    const { Readable } = await import("node:stream");
    const chunks = Array.from({ length: 100 }, () => Buffer.from(`"${"y".repeat(1022)}",`));
    const res = await t.request({
      method: "POST",
      url: "/api/MonthlyThemes",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      payload: Readable.from([Buffer.from("["), ...chunks, Buffer.from("1]")]),
      token: c.f.member.token,
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("content types: JSON endpoints take JSON only", () => {
  let t: TestApp;
  let c: EndpointCtx;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false", WRITE_BUDGET_PER_MINUTE: "100000" } });
    c = makeCtx(t, await seedFixtures(t));
  });
  afterAll(() => t.close());

  // Every endpoint with a JSON body, from the router's walk: a new one is covered by itself.
  const jsonBodies = restEndpoints.filter((e) => e.body === "json");

  it("covers the JSON endpoints", () => {
    expect(jsonBodies.length).toBeGreaterThan(40);
  });

  it.each(jsonBodies.map((e) => [restName(e), e] as const))(
    "%s: a text/plain or form body is a 415 JSON error and changes nothing",
    async (_name, e) => {
      const call = await e.valid(c);
      const token = e.access === "public" ? undefined : await callerToken(c, e.as);
      for (const [type, payload] of [
        ["text/plain", JSON.stringify(call.body ?? {})],
        ["text/plain; charset=utf-8", JSON.stringify(call.body ?? {})],
        ["application/x-www-form-urlencoded", "a=1"],
      ] as const) {
        const before = snapshot(t);
        const res = await t.request({
          method: e.method,
          url: fillRoute(e.route, call.params),
          headers: { "content-type": type },
          payload,
          token,
        });
        expect(res.statusCode, type).toBe(415);
        expect(res.json(), type).toEqual({
          error: { code: "UNSUPPORTED_MEDIA_TYPE", message: ServerMessages.jsonOnly },
        });
        expect(snapshot(t), type).toBe(before);
      }
    },
  );
});

describe("XSS: stored text comes back verbatim as JSON, never as markup", () => {
  let t: TestApp;
  let c: EndpointCtx;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false" } });
    c = makeCtx(t, await seedFixtures(t));
  });
  afterAll(() => t.close());

  const HOSTILE = [
    `<script>alert("xss")</script>`,
    `<img src=x onerror="alert(1)">`,
    `"><svg/onload=alert(1)>`,
    `javascript:alert(1)`,
    `{{constructor.constructor('alert(1)')()}}`,
    `</script><script>alert(1)</script>`,
  ];

  it("themes, meetings (host), bottles (name, brand), comments and member names", async () => {
    const token = c.f.member.token;
    for (const [i, text] of HOSTILE.entries()) {
      const post = (url: string, payload: object) => t.request({ method: "POST", url, payload, token });
      const theme = await post("/api/MonthlyThemes", { id: 0, description: `${text} ${i}` });
      expect(theme.statusCode).toBe(201);
      const themeId = theme.json<{ id: number }>().id;
      const meeting = await post("/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", {
        date: "2024-01-12",
        hostName: text,
        themeId,
      });
      expect(meeting.statusCode).toBe(201);
      const bottle = await post("/api/Bottles/NewBottle", {
        name: text,
        newBrand: `${text} brand ${i}`,
        abv: 40,
      });
      expect(bottle.statusCode).toBe(201);
      const bottleId = bottle.json<{ id: number }>().id;
      const comment = await post("/api/BottleComments", { bottleId, comment: text });
      expect(comment.statusCode).toBe(201);

      const get = async (url: string) => {
        const res = await t.request({ method: "GET", url });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        return res.json<unknown>();
      };
      expect(await get("/api/MonthlyThemes/WithLastDate")).toContainEqual(
        expect.objectContaining({ id: themeId, name: `${text} ${i}` }),
      );
      const meetingId = meeting.json<{ id: number }>().id;
      expect(await get(`/api/MonthlyMeetings/${meetingId}`)).toMatchObject({
        hostName: text,
        theme: { description: `${text} ${i}` },
      });
      expect(await get("/api/MonthlyMeetings/GetMonthlyMeetingsWithNames")).toContainEqual(
        expect.objectContaining({ id: meetingId, host: text, theme: `${text} ${i}` }),
      );
      expect(await get(`/api/Bottles/${bottleId}`)).toMatchObject({
        name: text,
        brand: `${text} brand ${i}`,
      });
      expect(await get("/api/Bottles/AllBottlesList")).toContainEqual(
        expect.objectContaining({ id: bottleId, name: text }),
      );
      expect(await get("/api/Brands")).toContainEqual(
        expect.objectContaining({ name: `${text} brand ${i}` }),
      );
      expect(await get(`/api/BottleComments/bottle/${bottleId}`)).toEqual([
        expect.objectContaining({ comment: text }),
      ]);
    }
  });

  it("member names from registration come back verbatim on their comments", async () => {
    const caller = t.caller();
    await caller.auth.register({
      email: "xss@example.com",
      password: "long-enough-pw",
      firstName: HOSTILE[0] ?? "",
      lastName: HOSTILE[1] ?? "",
    });
    const row = t.app.deps.db.$client
      .prepare("SELECT id FROM members WHERE email = 'xss@example.com'")
      .get() as { id: number };
    const res = await t
      .caller({ id: row.id, email: "xss@example.com", role: "member" })
      .comments.create({ bottleId: c.f.bottleId, comment: "hi" });
    expect(res.member).toEqual({ firstName: HOSTILE[0], lastName: HOSTILE[1] });
  });

  it("an error never reflects input as HTML", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/${encodeURIComponent("<script>alert(1)</script>")}`,
      headers: { accept: "text/html" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).not.toContain("<script>");
  });

  describe("storeLink accepts only http(s) URLs (server-side)", () => {
    const refused = [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "ftp://example.com/x",
      "//evil.example/x",
      "/relative/path",
      "example.com",
      "http//missing-colon",
    ];
    it.each(refused)("refuses %j with 400 over REST and tRPC, creating nothing", async (storeLink) => {
      const before = snapshot(t);
      const res = await t.request({
        method: "POST",
        url: "/api/Bottles/NewBottle",
        payload: { name: "Linked", storeLink, abv: 40 },
        token: c.f.member.token,
      });
      expect(res.statusCode).toBe(400);
      const viaTrpc = await t.request(
        trpcInject("bottles.create", "mutation", { name: "Linked", storeLink, abv: 40 }, c.f.member.token),
      );
      expect(viaTrpc.statusCode).toBe(400);
      expect(snapshot(t)).toBe(before);
    });

    it.each(["https://shop.example/bottle?id=1&x=<b>", "http://192.168.1.5:8080/x", ""])(
      "accepts %j",
      async (storeLink) => {
        const res = await t.request({
          method: "POST",
          url: "/api/Bottles/NewBottle",
          payload: { name: "Linked ok", storeLink, abv: 40 },
          token: c.f.member.token,
        });
        expect(res.statusCode).toBe(201);
        const detail = await t.request({
          method: "GET",
          url: `/api/Bottles/${res.json<{ id: number }>().id}`,
        });
        expect(detail.json<{ storeLink: string | null }>().storeLink).toBe(
          storeLink === "" ? null : storeLink,
        );
      },
    );
  });
});
