import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session, TokenPair } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { deviceName } from "./sessions";

/** Devices: each login is a session, listed with its browser, system, address and last refresh. */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let ann: M;
let bob: M;

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36";
const LAPTOP_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  ann = await t.member();
  bob = await t.member();
});
afterAll(() => t.close());

async function login(email: string, userAgent: string): Promise<TokenPair> {
  const res = await t.request({
    method: "POST",
    url: "/login",
    headers: { "user-agent": userAgent },
    payload: { email, password: "correct horse battery" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TokenPair>();
}
const sessions = async (token: string) => {
  const res = await t.request({ method: "GET", url: "/api/Account/Sessions", token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Session[]>();
};
const refresh = (refreshToken: string, userAgent = PHONE_UA) =>
  t.request({
    method: "POST",
    url: "/api/Register/refresh",
    headers: { "user-agent": userAgent },
    payload: { refreshToken },
  });
const end = (id: number, token: string) =>
  t.request({ method: "DELETE", url: `/api/Account/Sessions/${id}`, token });

describe("account.sessions", () => {
  it("lists each login with its browser, system, address and times; this one is current", async () => {
    const carol = await t.member();
    const phone = await login(carol.user.email, PHONE_UA);
    const laptop = await login(carol.user.email, LAPTOP_UA);
    const seen = await sessions(laptop.accessToken);
    // The helper's own login (no device) and the two logins, the latest first.
    expect(seen.map((s) => [s.device, s.address, s.current])).toEqual([
      ["Safari 17.4 on macOS Catalina", "127.0.0.1", true],
      ["Chrome 131.0 on Android 14", "127.0.0.1", false],
      ["Unknown device", null, false],
    ]);
    expect((await sessions(phone.accessToken)).map((s) => s.current)).toEqual([false, true, false]);
    expect(seen[0]).toMatchObject({ createdAt: expect.any(String), lastSeenAt: expect.any(String) });
  });

  it("a refresh keeps the session (its last seen time moves on) and its new token is still current", async () => {
    const dan = await t.member();
    const first = await login(dan.user.email, PHONE_UA);
    const [before] = await sessions(first.accessToken);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json<TokenPair>();
    const after = await sessions(next.accessToken);
    expect(after[0]).toMatchObject({ id: before!.id, current: true });
    expect(after[0]!.lastSeenAt >= before!.lastSeenAt).toBe(true);
    expect(after).toHaveLength(2);
  });
});

describe("account.endSession", () => {
  it("logs one device out: its refresh and access tokens stop working, the other device stays", async () => {
    const phone = await login(ann.user.email, PHONE_UA);
    const laptop = await login(ann.user.email, LAPTOP_UA);
    const phoneSession = (await sessions(phone.accessToken)).find((s) => s.current)!;
    const res = await end(phoneSession.id, laptop.accessToken);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: "/api/Account", token: phone.accessToken })).statusCode,
    ).toBe(401);
    const left = await sessions(laptop.accessToken);
    expect(left.map((s) => s.id)).not.toContain(phoneSession.id);
    expect(left.find((s) => s.current)?.device).toBe("Safari 17.4 on macOS Catalina");
    // Already ended: 404.
    expect((await end(phoneSession.id, laptop.accessToken)).statusCode).toBe(404);
  });

  it("logging out and logging out everywhere take sessions off the list", async () => {
    const erin = await t.member();
    const phone = await login(erin.user.email, PHONE_UA);
    const laptop = await login(erin.user.email, LAPTOP_UA);
    await t.request({
      method: "POST",
      url: "/api/Register/logout",
      payload: { refreshToken: phone.refreshToken },
    });
    expect(
      (await t.request({ method: "GET", url: "/api/Account", token: phone.accessToken })).statusCode,
    ).toBe(401);
    expect((await sessions(laptop.accessToken)).map((s) => s.device)).toEqual([
      "Safari 17.4 on macOS Catalina",
      "Unknown device",
    ]);
    const again = await login(erin.user.email, PHONE_UA);
    await t.request({ method: "POST", url: "/api/Account/LogoutEverywhere", token: again.accessToken });
    const fresh = await login(erin.user.email, PHONE_UA);
    expect((await sessions(fresh.accessToken)).map((s) => s.device)).toEqual(["Chrome 131.0 on Android 14"]);
  });

  it("another member gets 403 and nothing ends; an admin may log out a member's device", async () => {
    const phone = await login(bob.user.email, PHONE_UA);
    const id = (await sessions(phone.accessToken)).find((s) => s.current)!.id;
    const other = await t.member();
    expect((await end(id, other.token)).statusCode).toBe(403);
    expect(
      (await t.request({ method: "GET", url: "/api/Account", token: phone.accessToken })).statusCode,
    ).toBe(200);
    const admin = await t.member(undefined, { role: "admin" });
    expect((await end(id, admin.token)).statusCode).toBe(204);
    expect(
      (await t.request({ method: "GET", url: "/api/Account", token: phone.accessToken })).statusCode,
    ).toBe(401);
    expect((await end(999_999, admin.token)).statusCode).toBe(404);
    expect((await end(0, admin.token)).statusCode).toBe(400);
  });

  it("an API token cannot list or end sessions (403)", async () => {
    const made = await t.request({
      method: "POST",
      url: "/api/Account/Tokens",
      token: bob.token,
      payload: { name: "Script", scopes: ["read", "write"] },
    });
    const { token } = made.json<{ token: string }>();
    expect((await t.request({ method: "GET", url: "/api/Account/Sessions", token })).statusCode).toBe(403);
    expect((await end(1, token)).statusCode).toBe(403);
  });
});

describe("deviceName", () => {
  it("names the browser and system, or says it does not know", () => {
    expect(deviceName(PHONE_UA)).toBe("Chrome 131.0 on Android 14");
    expect(deviceName("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox 133.0 on Linux",
    );
    expect(deviceName("curl/8.5.0")).toBe("curl/8.5.0");
    expect(deviceName(null)).toBe("Unknown device");
    expect(deviceName("")).toBe("Unknown device");
  });
});
