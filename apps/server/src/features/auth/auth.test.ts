import argon2 from "argon2";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { members, outbox, refreshTokens } from "@club/db";
import { ServerMessages } from "@club/shared";
import { REGISTERED_MESSAGE } from "./service";
import { getDummyHash } from "../../platform/passwords";
import {
  createTestApp,
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
  type TestApp,
} from "../../../test/helpers";

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpPort: smtp.port });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const newcomer = {
  email: "Rye.Lover@Example.com",
  password: "neat-pour-42",
  firstName: "Rye",
  lastName: "Lover",
};

function linkFrom(raw: string): URL {
  const match = /http:\/\/club\.test\/confirm-email\?[^\s"<]+/.exec(decodeQuotedPrintable(raw));
  if (!match) throw new Error("no confirmation link in the email");
  return new URL(match[0].replace(/&amp;/g, "&"));
}

describe("registration, confirmation and login", () => {
  let link: URL;

  it("registers an unconfirmed member and emails a confirmation link", async () => {
    const res = await t.request({ method: "POST", url: "/api/Register/register", payload: newcomer });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTERED_MESSAGE });
    const raw = await smtp.waitForMessage("rye.lover@example.com");
    link = linkFrom(raw);
    expect(link.pathname).toBe("/confirm-email");
    expect(link.searchParams.get("email")).toBe("rye.lover@example.com");
    expect(link.searchParams.get("token")).toMatch(/^[\w-]{40,}$/);
    const row = t.app.deps.db
      .select()
      .from(members)
      .all()
      .find((m) => m.email === "rye.lover@example.com");
    expect(row?.emailConfirmedAt).toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("accepts a second registration of an unconfirmed address: it blocks nobody", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Register/register",
      payload: { ...newcomer, email: "RYE.LOVER@example.com", password: "another-pass-99" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTERED_MESSAGE });
  });

  it("refuses login until the email is confirmed", async () => {
    const res = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: newcomer.email, password: "another-pass-99" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ServerMessages.emailNotConfirmed);
    // Only the newest registration's password is tried (one password hash per login):
    // an older registration's password is simply wrong until its address is confirmed.
    const older = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: newcomer.email, password: newcomer.password },
    });
    expect(older.statusCode).toBe(401);
  });

  it("rejects a wrong confirmation token and a missing parameter", async () => {
    const wrong = await t.request({
      method: "GET",
      url: `/api/Register/confirmemail?token=nope&email=${encodeURIComponent(newcomer.email)}`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ServerMessages.invalidConfirmation);
    const missing = await t.request({ method: "GET", url: "/api/Register/confirmemail?token=abc" });
    expect(missing.statusCode).toBe(400);
  });

  it("confirms through the emailed link, once", async () => {
    const url = `/api/Register/confirmemail${link.search}`;
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ServerMessages.emailConfirmed });
    const again = await t.request({ method: "GET", url });
    expect(again.json()).toEqual({ message: ServerMessages.emailAlreadyConfirmed });
  });

  it("logs in with the right password only", async () => {
    const bad = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: newcomer.email, password: "wrong-password" },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe(ServerMessages.invalidCredentials);
    const unknown = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: "nobody@example.com", password: "whatever1" },
    });
    expect(unknown.statusCode).toBe(401);
    const res = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: newcomer.email, password: newcomer.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["accessToken", "email", "refreshToken"]);
    expect(body.email).toBe("rye.lover@example.com");
    const validate = await t.request({
      method: "POST",
      url: "/api/Register/validateToken",
      token: body.accessToken,
    });
    expect(validate.statusCode).toBe(200);
    expect(validate.json()).toEqual({ valid: true, email: "rye.lover@example.com" });
  });

  it("validates login and registration input", async () => {
    for (const payload of [
      {},
      { email: "not-an-email", password: "x" },
      { email: "a@b.co" },
      { email: 5, password: 5 },
    ]) {
      const res = await t.request({ method: "POST", url: "/login", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("BAD_REQUEST");
    }
    const count = t.app.deps.db.select().from(members).all().length;
    for (const payload of [
      { ...newcomer, email: "short@example.com", password: "short" },
      { ...newcomer, email: "blank@example.com", firstName: "   " },
      { email: "x@example.com" },
    ]) {
      const res = await t.request({ method: "POST", url: "/api/Register/register", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues).toBeDefined();
    }
    const malformed = await t.request({
      method: "POST",
      url: "/api/Register/register",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(ServerMessages.malformedJson);
    expect(t.app.deps.db.select().from(members).all().length).toBe(count);
  });
});

describe("equal time at login", () => {
  /** argon2 verifications one login attempt makes (argon2 is the library, not our code: observed, not replaced). */
  async function hashesOf(
    email: string,
    password = "a-wrong-password",
  ): Promise<{ n: number; status: number }> {
    await getDummyHash(); // made once per process, on the first unknown address
    const verify = vi.spyOn(argon2, "verify");
    try {
      const res = await t.request({ method: "POST", url: "/login", payload: { email, password } });
      return { n: verify.mock.calls.length, status: res.statusCode };
    } finally {
      verify.mockRestore();
    }
  }

  it("costs exactly one password hash whatever the address", async () => {
    const member = await t.member("timing.member@example.com");
    // Three registrations of an address nobody confirmed (the attack's "pending registrations").
    for (const password of ["first-pass-1", "second-pass-2", "third-pass-3"])
      await t.request({
        method: "POST",
        url: "/api/Register/register",
        payload: { email: "timing.pending@example.com", password, firstName: "P", lastName: "R" },
      });
    // A confirmed member waiting for approval, with registrations of the same address beside it.
    const pending = await t.member("timing.waiting@example.com");
    t.app.deps.db.$client.prepare("UPDATE members SET status = 'pending' WHERE id = ?").run(pending.user.id);
    await t.request({
      method: "POST",
      url: "/api/Register/register",
      payload: {
        email: "timing.waiting@example.com",
        password: "other-pass-4",
        firstName: "W",
        lastName: "A",
      },
    });
    // A member who cannot log in with a password (the demo data's "!").
    const nologin = await t.member("timing.nologin@example.com");
    t.app.deps.db.$client.prepare("UPDATE members SET password_hash = '!' WHERE id = ?").run(nologin.user.id);

    const attempts = {
      unknown: await hashesOf("nobody.at.all@example.com"),
      member: await hashesOf(member.user.email),
      memberRight: await hashesOf(member.user.email, "correct horse battery"),
      registrations: await hashesOf("timing.pending@example.com"),
      registrationsOldPassword: await hashesOf("timing.pending@example.com", "first-pass-1"),
      registrationsNewest: await hashesOf("timing.pending@example.com", "third-pass-3"),
      pendingMember: await hashesOf("timing.waiting@example.com", "correct horse battery"),
      noPasswordLogin: await hashesOf("timing.nologin@example.com", "!"),
    };
    expect(attempts).toEqual({
      unknown: { n: 1, status: 401 },
      member: { n: 1, status: 401 },
      memberRight: { n: 1, status: 200 },
      registrations: { n: 1, status: 401 },
      // Only the newest registration's password is tried: the older ones were extra hashes.
      registrationsOldPassword: { n: 1, status: 401 },
      registrationsNewest: { n: 1, status: 403 },
      pendingMember: { n: 1, status: 403 },
      noPasswordLogin: { n: 1, status: 401 },
    });
  });
});

describe("tokens", () => {
  it("rotates refresh tokens and revokes the family when a rotated token is reused", async () => {
    const { refreshToken } = await t.member();
    const first = await t.request({
      method: "POST",
      url: "/api/Register/refresh",
      payload: { refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(Object.keys(pair).sort()).toEqual(["accessToken", "refreshToken"]);
    expect(pair.refreshToken).not.toBe(refreshToken);

    // The old token again, after the grace window for two tabs: theft. Both it and the new one stop working.
    t.app.deps.db.$client
      .prepare("UPDATE refresh_tokens SET rotated_at = ? WHERE rotated_at IS NOT NULL")
      .run(new Date(Date.now() - 60_000).toISOString());
    const reuse = await t.request({
      method: "POST",
      url: "/api/Register/refresh",
      payload: { refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    const afterReuse = await t.request({
      method: "POST",
      url: "/api/Register/refresh",
      payload: { refreshToken: pair.refreshToken },
    });
    expect(afterReuse.statusCode).toBe(401);
  });

  it("stores refresh tokens only as hashes", async () => {
    const { refreshToken } = await t.member();
    const rows = t.app.deps.db.select().from(refreshTokens).all();
    expect(rows.some((r) => r.tokenHash === refreshToken)).toBe(false);
  });

  it("logout revokes the refresh token server-side", async () => {
    const { refreshToken } = await t.member();
    const out = await t.request({ method: "POST", url: "/api/Register/logout", payload: { refreshToken } });
    expect(out.json()).toEqual({ ok: true });
    const res = await t.request({ method: "POST", url: "/api/Register/refresh", payload: { refreshToken } });
    expect(res.statusCode).toBe(401);
  });

  it("refuses tampered, unsigned, expired and foreign access tokens", async () => {
    const { token, user } = await t.member();
    const [h, p, s] = token.split(".");
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: "1", email: "x@y.z", iss: "whiskey-club", exp: 9e9 })).toString("base64url")}.${s}`;
    const unsigned = new UnsecuredJWT({ email: user.email })
      .setSubject(String(user.id))
      .setIssuer("whiskey-club")
      .setExpirationTime("1h")
      .encode();
    const sign = (secret: string, exp: string | number) =>
      new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuer("whiskey-club")
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const expired = await sign(
      "test-secret-test-secret-test-secret-0123456789",
      Math.floor(Date.now() / 1000) - 60,
    );
    const foreign = await sign("another-secret-another-secret-another-secret", "1h");
    expect(p).toBeTruthy();
    for (const bad of [tampered, unsigned, expired, foreign, "garbage", ""]) {
      const res = await t.request({ method: "POST", url: "/api/Register/validateToken", token: bad });
      expect(res.statusCode).toBe(401);
    }
    const none = await t.request({ method: "POST", url: "/api/Register/validateToken" });
    expect(none.statusCode).toBe(401);
  });
});

describe("resend confirmation", () => {
  it("answers the same for any address and sends a new link to an unconfirmed member", async () => {
    await t.request({
      method: "POST",
      url: "/api/Register/register",
      payload: { email: "late@example.com", password: "late-pour-99", firstName: "Late", lastName: "Comer" },
    });
    await smtp.waitForMessage("late@example.com");
    const before = smtp.messages.length;
    const known = await t.request({
      method: "POST",
      url: "/api/Register/resendConfirmation",
      payload: { email: "late@example.com" },
    });
    const unknown = await t.request({
      method: "POST",
      url: "/api/Register/resendConfirmation",
      payload: { email: "ghost@example.com" },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    // Throttled: the first email was sent less than a minute ago.
    await t.app.deps.mailer.flush();
    expect(smtp.messages.length).toBe(before);
  });
});

describe("tRPC twins", () => {
  it("auth.login and auth.validateToken answer like POST /login and validateToken", async () => {
    const { user } = await t.member("twin@example.com");
    const viaTrpc = await t
      .caller()
      .auth.login({ email: "twin@example.com", password: "correct horse battery" });
    const viaRest = (
      await t.request({
        method: "POST",
        url: "/login",
        payload: { email: "twin@example.com", password: "correct horse battery" },
      })
    ).json();
    expect(Object.keys(viaTrpc).sort()).toEqual(Object.keys(viaRest).sort());
    expect(await t.caller(user).auth.validateToken()).toEqual({ valid: true, email: "twin@example.com" });
    await expect(t.caller().auth.validateToken()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("email outbox", () => {
  it("keeps every email in the outbox table and marks it sent", () => {
    const rows = t.app.deps.db.select().from(outbox).all();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });
});
