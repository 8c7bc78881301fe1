import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { createPasskey, usePasskey, type SoftPasskey } from "@club/testing/passkeys";
import type { PasskeyOptions, TotpEnabled, TotpSetup } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { PASSWORD } from "../../../test/fuzz/fixtures";

/**
 * A passkey as the second step of a password login (POST /login/passkey with the mfaToken of
 * POST /login), with a software authenticator and codes computed at the app's clock.
 */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
const clock = new Date("2026-03-02T12:00:00.000Z");
const ORIGIN = "http://club.test";

beforeAll(async () => {
  // Few free failures, so the account's budget shows in a few tries; the per-address limit is
  // generous, as this file logs in often from one address.
  t = await createTestApp({
    now: () => clock,
    env: { RATE_LIMIT_ACCOUNT_FAILURES: "3", RATE_LIMIT_AUTH_MAX: "100000" },
  });
});
afterAll(() => t.close());

const send = (method: "GET" | "POST", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

/** A member with two-factor sign-in on and a passkey added. */
async function withTwoFactorsAndPasskey(m: M): Promise<SoftPasskey> {
  const setup = (await send("POST", "/api/Account/Totp/Setup", m.token)).json<TotpSetup>();
  const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({ timestamp: clock.getTime() });
  const on = await send("POST", "/api/Account/Totp/Enable", m.token, { code });
  expect(on.statusCode, on.body).toBe(200);
  expect(on.json<TotpEnabled>().recoveryCodes).toHaveLength(10);
  const options = (await send("GET", "/api/Account/Passkeys/Options", m.token)).json<
    PasskeyOptions & { rp: { id: string }; user: { id: string } }
  >();
  const made = createPasskey(options, ORIGIN);
  const added = await send("POST", "/api/Account/Passkeys", m.token, {
    name: "Phone",
    response: made.response,
  });
  expect(added.statusCode, added.body).toBe(201);
  return made.passkey;
}

async function mfaTokenOf(email: string): Promise<string> {
  const res = await send("POST", "/login", undefined, { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ mfaRequired: true; mfaToken: string }>();
  expect(body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return body.mfaToken;
}

async function answer(key: SoftPasskey) {
  const res = await send("POST", "/login/passkey/options");
  expect(res.statusCode, res.body).toBe(200);
  return usePasskey(key, res.json<PasskeyOptions & { rpId: string }>(), ORIGIN);
}

const withPasskey = async (key: SoftPasskey, mfaToken: unknown) =>
  send("POST", "/login/passkey", undefined, { response: await answer(key), mfaToken });

const EXPIRED = "This sign-in has expired or was used already. Log in with your email and password again.";
const OTHER =
  "That passkey belongs to another account. Use a passkey of the account you are signing in to, or enter a code.";

describe("a passkey in place of the code", () => {
  it("finishes the password login with the same token pair, once per mfaToken", async () => {
    const ann = await t.member();
    const key = await withTwoFactorsAndPasskey(ann);
    const mfaToken = await mfaTokenOf(ann.user.email);
    const res = await withPasskey(key, mfaToken);
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json<{ accessToken: string; refreshToken: string; email: string }>();
    expect(pair).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      email: ann.user.email,
    });
    expect((await send("GET", "/api/Account", pair.accessToken)).json()).toMatchObject({
      email: ann.user.email,
    });
    const refreshed = await send("POST", "/api/Register/refresh", undefined, {
      refreshToken: pair.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);

    // The mfaToken signed in once: not again, with a passkey or a code.
    const again = await withPasskey(key, mfaToken);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { message: EXPIRED } });
    const code = await send("POST", "/login/totp", undefined, { mfaToken, code: "123456" });
    expect(code.statusCode).toBe(401);
    expect(code.json()).toMatchObject({ error: { message: EXPIRED } });
  });

  it("refuses another member's passkey (401), leaving the mfaToken good for the member's own", async () => {
    const bob = await t.member();
    const cy = await t.member();
    const bobsKey = await withTwoFactorsAndPasskey(bob);
    const cysKey = await withTwoFactorsAndPasskey(cy);
    const mfaToken = await mfaTokenOf(bob.user.email);
    const refused = await withPasskey(cysKey, mfaToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: "UNAUTHORIZED", message: OTHER } });
    expect(refused.json()).not.toHaveProperty("accessToken");
    const own = await withPasskey(bobsKey, mfaToken);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ email: bob.user.email });
  });

  it("refuses an invented mfaToken (401) and a malformed one (400), and a passkey not registered here (401)", async () => {
    const dee = await t.member();
    const key = await withTwoFactorsAndPasskey(dee);
    const invented = await withPasskey(key, "not-a-token");
    expect(invented.statusCode).toBe(401);
    expect(invented.json()).toMatchObject({ error: { message: EXPIRED } });
    for (const bad of ["", 42, "x".repeat(3000)]) expect((await withPasskey(key, bad)).statusCode).toBe(400);

    const mfaToken = await mfaTokenOf(dee.user.email);
    const stranger = createPasskey(
      { challenge: "c3RyYW5nZXI", rp: { id: "club.test" }, user: { id: "eA" } },
      ORIGIN,
    );
    const unknown = await withPasskey(stranger.passkey, mfaToken);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({
      error: {
        message:
          "That passkey is not registered here. Sign in with your password and add it on your Account page.",
      },
    });
    expect((await withPasskey(key, mfaToken)).statusCode).toBe(200);
  });

  it("a wrong passkey counts against the account's login budget (429 beyond it)", async () => {
    const eli = await t.member();
    const fay = await t.member();
    const key = await withTwoFactorsAndPasskey(eli);
    const faysKey = await withTwoFactorsAndPasskey(fay);
    const mfaToken = await mfaTokenOf(eli.user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await withPasskey(faysKey, mfaToken)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await withPasskey(key, mfaToken)).statusCode).toBe(429);
  });
});
