import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { createTestApp, type TestApp } from "./helpers";

/**
 * A security finding: TRUST_PROXY=true let any client choose its address with X-Forwarded-For,
 * and so escape every per-address rate limit. Now TRUST_PROXY is a hop count or the proxies'
 * addresses, and `true` stops the start.
 */

describe("TRUST_PROXY settings", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "club-proxy-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const trustProxy = (value: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: value }).trustProxy;

  it.each(["true", "TRUE", "yes"])("%s stops the start with one line saying what to use instead", (value) => {
    let error: unknown;
    try {
      trustProxy(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toMatch(/^Invalid configuration: TRUST_PROXY=true /);
    expect(message).toContain("TRUST_PROXY=1 for one proxy on the same host");
    expect(message).toContain("TRUST_PROXY=127.0.0.1,10.0.0.0/8");
  });

  it.each([
    ["false", false],
    ["0", false],
    ["", false],
    ["1", 1],
    ["2", 2],
    ["127.0.0.1", "127.0.0.1"],
    ["10.0.0.1, 10.0.0.0/8", "10.0.0.1,10.0.0.0/8"],
    ["::1,fd00::/8", "::1,fd00::/8"],
    ["loopback,uniquelocal", "loopback,uniquelocal"],
  ] as const)("%j is accepted as %j", (value, expected) => {
    expect(trustProxy(value)).toBe(expected);
  });

  it.each([
    "0.0.0.0/0",
    "::/0",
    "10.0.0.300",
    "10.0.0.0/33",
    "proxy.example.org",
    "1,2",
    "11",
    "-1",
    "10.0.0.1/8/8",
  ])("%j is refused (every address, or not an address)", (value) => {
    expect(() => trustProxy(value)).toThrow(/^Invalid configuration: TRUST_PROXY /);
  });
});

/** A wrong login, from `remoteAddress`, with the X-Forwarded-For header when given. */
const login = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.request({
    method: "POST",
    url: "/login",
    payload: { email: "nobody@example.com", password: "wrong-password" },
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });

let spoof = 0;
/** A different made-up address each time: what an attacker writes in its own X-Forwarded-For. */
const madeUp = () => `198.18.${Math.floor(++spoof / 250)}.${spoof % 250}`;

const LIMITS = { RATE_LIMIT_AUTH_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "60" };

describe("TRUST_PROXY=1: one proxy on the same host", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: "1" } });
  });
  afterAll(() => t.close());

  it("through the proxy, a client's own X-Forwarded-For does not give it new addresses", async () => {
    // The proxy (127.0.0.1) appends the address it saw to whatever the client sent.
    for (let i = 0; i < 3; i++)
      expect((await login(t, "127.0.0.1", `${madeUp()}, 203.0.113.7`)).statusCode).toBe(401);
    expect((await login(t, "127.0.0.1", `${madeUp()}, 203.0.113.7`)).statusCode).toBe(429);
    expect((await login(t, "127.0.0.1", `${madeUp()}, ${madeUp()}, 203.0.113.7`)).statusCode).toBe(429);
    // Other members behind the same proxy keep their own budget.
    expect((await login(t, "127.0.0.1", "203.0.113.8")).statusCode).toBe(401);
  });

  it("a proxy in Docker (a private address) counts as the hop too", async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(t, "172.18.0.1", `${madeUp()}, 203.0.113.9`)).statusCode).toBe(401);
    expect((await login(t, "172.18.0.1", `${madeUp()}, 203.0.113.9`)).statusCode).toBe(429);
  });

  it("a client on the internet reaching the server directly cannot pick its address at all", async () => {
    for (let i = 0; i < 3; i++) expect((await login(t, "203.0.113.50", madeUp())).statusCode).toBe(401);
    expect((await login(t, "203.0.113.50", madeUp())).statusCode).toBe(429);
    expect((await login(t, "203.0.113.50", `${madeUp()}, ${madeUp()}`)).statusCode).toBe(429);
  });
});

describe("TRUST_PROXY=<the proxy's address>", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: "10.1.2.3" } });
  });
  afterAll(() => t.close());

  it("through the proxy, the address it saw counts, whatever the client wrote before it", async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(t, "10.1.2.3", `${madeUp()}, 203.0.113.20`)).statusCode).toBe(401);
    expect((await login(t, "10.1.2.3", `${madeUp()}, 203.0.113.20`)).statusCode).toBe(429);
    expect((await login(t, "10.1.2.3", "203.0.113.21")).statusCode).toBe(401);
  });

  it("from any other address, X-Forwarded-For is ignored", async () => {
    for (const from of ["10.1.2.4", "127.0.0.1"]) {
      for (let i = 0; i < 3; i++) expect((await login(t, from, madeUp())).statusCode).toBe(401);
      expect((await login(t, from, madeUp())).statusCode).toBe(429);
    }
  });
});

describe("TRUST_PROXY=false (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: LIMITS });
  });
  afterAll(() => t.close());

  it("X-Forwarded-For is ignored", async () => {
    for (let i = 0; i < 3; i++) expect((await login(t, "192.0.2.1", madeUp())).statusCode).toBe(401);
    expect((await login(t, "192.0.2.1", madeUp())).statusCode).toBe(429);
  });
});
