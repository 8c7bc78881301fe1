import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import type { ActivityEntry, ClubSettings, TotpEnabled, TotpSetup, TotpStatus } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { adminInProcess } from "../../../test/adminCli";
import { PASSWORD } from "../../../test/fuzz/fixtures";

/**
 * Two-factor sign-in with an authenticator app: the codes are computed here with the library, at
 * the app's clock, as a phone would.
 */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let clock = new Date("2026-03-02T12:00:00.000Z");
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

beforeAll(async () => {
  // Few free failures, so the account's budget shows in a few tries; the per-address limit is
  // generous, as this file logs in often from one address.
  t = await createTestApp({
    now: () => clock,
    env: { RATE_LIMIT_ACCOUNT_FAILURES: "3", RATE_LIMIT_AUTH_MAX: "100000" },
  });
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

const codeOf = (secret: string, at = clock) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

/** A member with two-factor sign-in on: the secret and the recovery codes. */
async function withTwoFactors(m: M) {
  const setup = (await send("POST", "/api/Account/Totp/Setup", m.token)).json<TotpSetup>();
  const res = await send("POST", "/api/Account/Totp/Enable", m.token, { code: codeOf(setup.secret) });
  expect(res.statusCode, res.body).toBe(200);
  return { secret: setup.secret, recoveryCodes: res.json<TotpEnabled>().recoveryCodes };
}

const login = (email: string, password = PASSWORD) => send("POST", "/login", undefined, { email, password });
const loginTotp = (mfaToken: string, code: string) =>
  send("POST", "/login/totp", undefined, { mfaToken, code });

async function mfaTokenOf(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ mfaRequired: true; mfaToken: string }>();
  expect(body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return body.mfaToken;
}

describe("setting it up", () => {
  it("gives a secret once, turns on with a code of it, and answers ten single-use recovery codes", async () => {
    const ann = await t.member();
    const res = await send("POST", "/api/Account/Totp/Setup", ann.token);
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json<TotpSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(setup.secret);
    expect(decodeURIComponent(url.pathname)).toContain(ann.user.email);
    // The secret is stored encrypted: the database never holds it as it was shown.
    const rows = JSON.stringify(t.app.deps.db.$client.prepare("SELECT * FROM member_totp").all());
    expect(rows).not.toContain(setup.secret);
    // Until a code turns it on, the login asks for nothing more.
    expect((await login(ann.user.email)).json()).toHaveProperty("accessToken");
    expect((await send("GET", "/api/Account/Totp", ann.token)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      setupRequired: false,
    });

    const wrong = await send("POST", "/api/Account/Totp/Enable", ann.token, { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: {
        message: "That code is not right. Enter the current 6-digit code from your authenticator app.",
      },
    });
    const on = await send("POST", "/api/Account/Totp/Enable", ann.token, { code: codeOf(setup.secret) });
    expect(on.statusCode, on.body).toBe(200);
    const { recoveryCodes } = on.json<TotpEnabled>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const codes = JSON.stringify(t.app.deps.db.$client.prepare("SELECT * FROM totp_recovery_codes").all());
    for (const code of recoveryCodes) expect(codes).not.toContain(code.replace(/-/g, ""));
    expect((await send("GET", "/api/Account/Totp", ann.token)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      setupRequired: false,
    });
    // A second setup while it is on is refused; the secret is not shown again.
    const again = await send("POST", "/api/Account/Totp/Setup", ann.token);
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(setup.secret);
    const log = (await send("GET", "/api/Activity", ann.token)).json<ActivityEntry[]>();
    expect(log.map((e) => e.action)).toContain("totp.enable");
  });

  it("refuses bad input with a 400 that says what to type, and changes nothing", async () => {
    const bob = await t.member();
    await send("POST", "/api/Account/Totp/Setup", bob.token);
    for (const body of [
      {},
      { code: "12345" },
      { code: "abcdef" },
      { code: 123456 },
      { code: "1".repeat(100) },
    ]) {
      const res = await send("POST", "/api/Account/Totp/Enable", bob.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/\.$/);
    }
    expect((await send("GET", "/api/Account/Totp", bob.token)).json()).toMatchObject({ enabled: false });
    const cy = await t.member();
    const none = await send("POST", "/api/Account/Totp/Enable", cy.token, { code: "123456" });
    expect(none.statusCode).toBe(409);
    expect((await send("DELETE", "/api/Account/Totp", cy.token, { code: "123456" })).statusCode).toBe(409);
    // An API token cannot turn it on or off.
    const token = (
      await send("POST", "/api/Account/Tokens", cy.token, { name: "Script", scopes: ["read", "write"] })
    ).json<{ token: string }>().token;
    expect((await send("POST", "/api/Account/Totp/Setup", token)).statusCode).toBe(403);
  });
});

describe("logging in with two factors", () => {
  it("asks for a code after the password; a code signs in once, and is refused when replayed", async () => {
    const dee = await t.member();
    const { secret } = await withTwoFactors(dee);
    tick(30);
    const mfaToken = await mfaTokenOf(dee.user.email);
    // The mfaToken is no access token.
    expect((await send("GET", "/api/Account", mfaToken)).statusCode).toBe(401);
    const code = codeOf(secret);
    const res = await loginTotp(mfaToken, code);
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json<{ accessToken: string; refreshToken: string; email: string }>();
    expect(pair).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      email: dee.user.email,
    });
    expect((await send("GET", "/api/Account", pair.accessToken)).statusCode).toBe(200);

    // The same code again, with a new password step: used already in its window.
    const replay = await loginTotp(await mfaTokenOf(dee.user.email), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      error: {
        message: "That code was used already. Wait for the next code in your authenticator app and enter it.",
      },
    });
    // The mfaToken that signed in does not sign in again, even with the next code.
    tick(30);
    const reused = await loginTotp(mfaToken, codeOf(secret));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      error: {
        message: "This sign-in has expired or was used already. Log in with your email and password again.",
      },
    });
    // The next code with a new password step works.
    expect((await loginTotp(await mfaTokenOf(dee.user.email), codeOf(secret))).statusCode).toBe(200);
  });

  it("takes a recovery code once, in any case and grouping", async () => {
    const eve = await t.member();
    const { recoveryCodes } = await withTwoFactors(eve);
    const [first = "", second = ""] = recoveryCodes;
    const ok = await loginTotp(await mfaTokenOf(eve.user.email), first);
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await loginTotp(await mfaTokenOf(eve.user.email), first);
    expect(again.statusCode).toBe(401);
    const typed = second.replace(/-/g, " ").toUpperCase();
    expect((await loginTotp(await mfaTokenOf(eve.user.email), typed)).statusCode).toBe(200);
    expect((await send("GET", "/api/Account/Totp", eve.token)).json()).toMatchObject({
      recoveryCodesLeft: 8,
    });
  });

  it("counts wrong codes against the account's login budget (429), and a wrong password never reaches the code", async () => {
    const fay = await t.member();
    const { secret } = await withTwoFactors(fay);
    const wrongPassword = await login(fay.user.email, "not the password");
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).not.toHaveProperty("mfaToken");
    tick(120);
    const mfaToken = await mfaTokenOf(fay.user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await loginTotp(mfaToken, "000000")).statusCode);
    // The wrong password was the first failure; two free ones are left.
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses).toContain(429);
    // Even the right code waits for its turn.
    const waiting = await loginTotp(mfaToken, codeOf(secret));
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers["retry-after"])).toBeGreaterThan(0);
    tick(120);
    expect((await loginTotp(mfaToken, codeOf(secret))).statusCode).toBe(200);
  });

  it("refuses a malformed or foreign mfaToken with a 4xx, never a 5xx", async () => {
    const gus = await t.member();
    await withTwoFactors(gus);
    for (const body of [
      {},
      { mfaToken: "x", code: "123456" },
      { mfaToken: gus.token, code: "123456" },
      { mfaToken: "a.b.c", code: "12" },
      { mfaToken: 5, code: "123456" },
    ]) {
      const res = await send("POST", "/login/totp", undefined, body);
      expect([400, 401], JSON.stringify(body)).toContain(res.statusCode);
    }
  });

  it("ends the mfaToken when the member logs out everywhere", async () => {
    const hal = await t.member();
    const { secret } = await withTwoFactors(hal);
    const mfaToken = await mfaTokenOf(hal.user.email);
    expect((await send("POST", "/api/Account/LogoutEverywhere", hal.token)).statusCode).toBe(200);
    tick(30);
    expect((await loginTotp(mfaToken, codeOf(secret))).statusCode).toBe(401);
  });

  it("works the same over the REST twin and the procedure (the web app's REST calls, a script's tRPC)", async () => {
    const ida = await t.member();
    const { secret } = await withTwoFactors(ida);
    tick(30);
    const first = await t.caller().auth.login({ email: ida.user.email, password: PASSWORD });
    expect(first).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    if (!("mfaToken" in first)) throw new Error("expected the second step");
    const pair = await t.caller().auth.loginTotp({ mfaToken: first.mfaToken, code: codeOf(secret) });
    expect(pair).toHaveProperty("accessToken");
  });
});

describe("turning it off", () => {
  it("needs a current code or a recovery code; then the password alone signs in", async () => {
    const jo = await t.member();
    const { secret, recoveryCodes } = await withTwoFactors(jo);
    const wrong = await send("DELETE", "/api/Account/Totp", jo.token, { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect((await send("GET", "/api/Account/Totp", jo.token)).json()).toMatchObject({ enabled: true });
    tick(30);
    expect((await send("DELETE", "/api/Account/Totp", jo.token, { code: codeOf(secret) })).statusCode).toBe(
      204,
    );
    expect((await login(jo.user.email)).json()).toHaveProperty("accessToken");
    expect(
      t.app.deps.db.$client.prepare("SELECT * FROM totp_recovery_codes WHERE member_id = ?").all(jo.user.id),
    ).toEqual([]);

    const kim = await t.member();
    const second = await withTwoFactors(kim);
    const off = await send("DELETE", "/api/Account/Totp", kim.token, { code: second.recoveryCodes[3] });
    expect(off.statusCode).toBe(204);
    void recoveryCodes;
  });

  it("the admin command line turns off a member's two factors, in the activity log", async () => {
    const lou = await t.member();
    const admin = await t.member(undefined, { role: "admin" });
    await withTwoFactors(lou);
    const run = await adminInProcess(["two-factor-off", lou.user.email], { DATA_DIR: t.dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Two-factor sign-in is off for ${lou.user.email}.`);
    expect((await login(lou.user.email)).json()).toHaveProperty("accessToken");
    const log = (await send("GET", "/api/Activity", admin.token)).json<ActivityEntry[]>();
    expect(log.find((e) => e.action === "admin.totpOff")).toMatchObject({ entity: "twoFactor" });
    const twice = await adminInProcess(["two-factor-off", lou.user.email], { DATA_DIR: t.dataDir });
    expect(twice.stdout).toContain("had no two-factor sign-in; nothing changed.");
  });
});

describe("the club requires two factors of admins and treasurers", () => {
  it("holds back an admin's and a treasurer's role until they set it up; members are not asked", async () => {
    const admin = await t.member(undefined, { role: "admin" });
    const treasurer = await t.member(undefined, { role: "treasurer" });
    const member = await t.member();
    const settings = (await send("GET", "/api/Club/Settings")).json<ClubSettings>();
    expect(settings.twoFactorRequired).toBe(false);
    const { upcomingDues: _u, firstPayment: _f, twoFactorRequired: _r, duesFromMonth, ...rest } = settings;
    const put = (body: object) =>
      send("PUT", "/api/Club/Settings", admin.token, {
        ...rest,
        duesFromMonth: duesFromMonth ?? "2026-03",
        ...body,
      });
    // Not before the admin has it: the requirement would lock them out of it.
    const first = await put({ twoFactorRequired: true });
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json()).toMatchObject({ error: { code: "TWO_FACTOR_SELF_FIRST" } });
    await withTwoFactors(admin);
    const on = await put({ twoFactorRequired: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<ClubSettings>().twoFactorRequired).toBe(true);
    // Leaving it out of a later PUT keeps it.
    expect((await put({})).json<ClubSettings>().twoFactorRequired).toBe(true);

    const refused = await send("GET", "/api/Dues", treasurer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: {
        code: "TWO_FACTOR_REQUIRED",
        message:
          "Your club requires two-factor sign-in for admins and treasurers. Set it up on your Account page to use your role.",
      },
    });
    expect((await send("GET", "/api/Account/Totp", treasurer.token)).json<TotpStatus>().setupRequired).toBe(
      true,
    );
    // What any member may do stays open.
    expect((await send("GET", "/api/Account", treasurer.token)).statusCode).toBe(200);
    expect((await send("GET", "/api/Account/Totp", member.token)).json<TotpStatus>().setupRequired).toBe(
      false,
    );
    await withTwoFactors(treasurer);
    expect((await send("GET", "/api/Account/Totp", treasurer.token)).json<TotpStatus>().setupRequired).toBe(
      false,
    );
    expect((await send("GET", "/api/Dues", treasurer.token)).statusCode).not.toBe(403);
    expect((await put({ twoFactorRequired: false })).json<ClubSettings>().twoFactorRequired).toBe(false);
  });
});
