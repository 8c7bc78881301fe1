import { execFileSync } from "node:child_process";
import { mkdtempSync, openSync, closeSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import argon2 from "argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "@club/db";
import { eq } from "drizzle-orm";
import { loggerOptions } from "../src/platform/logger";
import { HASHES_AT_ONCE, hashQueue, isPasswordHash } from "../src/platform/passwords";
import { LOGIN_MAX_WAIT_SECONDS } from "../src/features/auth/accountLimits";
import { createTestApp, startSmtpSink, type SmtpSink, type TestApp } from "./helpers";
import { multipartBody, snapshot } from "./fuzz/endpoints";

/**
 * Attacks on accounts: password hashes of an attacker's choosing, guessing one account's password
 * from many addresses, and filling an inbox with the club's mail.
 */

const PASSWORD = "correct horse battery";

const login = (t: TestApp, email: string, password: string, remoteAddress = "10.0.0.1") =>
  t.request({ method: "POST", url: "/login", payload: { email, password }, remoteAddress });

describe("password hashes the app does not make", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  });
  afterAll(() => t.close());

  it("knows its own hashes, and no others", async () => {
    const own = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(isPasswordHash(own)).toBe(true);
    // The order argon2 wrote them in before (m, t, p) is the same parameters.
    expect(isPasswordHash(own.replace("m=19456,p=1,t=2", "m=19456,t=2,p=1"))).toBe(true);
    for (const hostile of [
      own.replace("m=19456", "m=4000000").replace("t=2", "t=4000"),
      own.replace("m=19456", "m=65536"),
      own.replace("t=2", "t=3"),
      own.replace("p=1", "p=8"),
      own.replace("$argon2id$", "$argon2i$"),
      own.replace("$v=19$", "$v=16$"),
      `${own}$extra`,
      own.replace(/\$[^$]+$/, `$${"A".repeat(4000)}`),
      "!",
      "",
    ])
      expect(isPasswordHash(hostile), hostile.slice(0, 60)).toBe(false);
  });

  it("a member's hash with other parameters logs nobody in, and costs no hashing of its own", async () => {
    // A row with a heavier hash OF THE RIGHT PASSWORD (64 MiB, 3 passes): argon2 would accept it.
    const member = await t.member();
    const heavy = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 65_536,
      timeCost: 3,
      parallelism: 1,
    });
    t.app.deps.db.update(members).set({ passwordHash: heavy }).where(eq(members.id, member.user.id)).run();
    const res = await login(t, member.user.email, PASSWORD);
    expect(res.statusCode, res.body).toBe(401);
    // Nor does changing the password with it as the current one.
    const change = await t.request({
      method: "POST",
      url: "/trpc/account.changePassword",
      payload: { currentPassword: PASSWORD, newPassword: "another long password" },
      token: member.token,
    });
    expect(change.statusCode, change.body).toBe(403);
  });

  it("a club restore refuses a member's hash the app does not make, and changes nothing", async () => {
    const admin = await t.member(undefined, { role: "admin" });
    const exported = await t.request({ method: "GET", url: "/api/Club/Export", token: admin.token });
    const file = exported.json<{ tables: Record<string, { columns: string[]; rows: unknown[][] }> }>();
    const table = file.tables.members!;
    const column = table.columns.indexOf("password_hash");
    const hostile = `$argon2id$v=19$m=4000000,t=4000,p=1$${"c2FsdHNhbHRzYWx0c2FsdA"}$${"A".repeat(43)}`;
    table.rows[0]![column] = hostile;
    const before = snapshot(t);
    const body = multipartBody([
      { name: "file", filename: "club.json", contentType: "application/json", data: JSON.stringify(file) },
      { name: "confirm", data: "REPLACE" },
    ]);
    const res = await t.request({
      method: "POST",
      url: "/api/Club/Import",
      payload: body.payload,
      headers: { "content-type": body.contentType },
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/password hash/);
    expect(snapshot(t)).toBe(before);
  });

  it(`hashes at most ${HASHES_AT_ONCE} at once; a flood beyond the queue is a 503 with Retry-After`, async () => {
    const member = await t.member();
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashQueue().active)), 1);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(t, member.user.email, `wrong guess ${i}`)),
    );
    clearInterval(watch);
    const statuses = answers.map((a) => a.statusCode);
    expect(new Set(statuses)).toEqual(new Set([401, 503]));
    for (const busy of answers.filter((a) => a.statusCode === 503)) {
      expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
      expect(busy.json()).toMatchObject({ error: { code: "PASSWORDS_BUSY" } });
    }
    expect(most).toBeLessThanOrEqual(HASHES_AT_ONCE);
    expect(hashQueue()).toEqual({ active: 0, waiting: 0 });
    // And the queue is free again: the right password works.
    expect((await login(t, member.user.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe("guessing one account's password", () => {
  let t: TestApp;
  let clock = Date.parse("2026-12-01T20:00:00Z");
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    // The per-address limit far away: only the account's own budget is under test. The server's
    // clock stands still unless the test moves it.
    t = await createTestApp({
      env: { RATE_LIMIT_AUTH_MAX: "1000" },
      now: () => new Date(clock),
      logger: { ...loggerOptions("info"), stream },
    });
  });
  afterAll(() => t.close());

  it("from 10 addresses: after 10 failures each try waits its turn, and the right password too", async () => {
    const member = await t.member();
    // Logged in once from home, before the guessing.
    expect((await login(t, member.user.email, PASSWORD, "192.0.2.10")).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const res = await login(t, member.user.email, `guess ${i}`, `198.51.100.${i % 10}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        const wait = Number(res.headers["retry-after"]);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(LOGIN_MAX_WAIT_SECONDS);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(140).fill(429));
    // The attacker's right guess now gets nothing either: no hash is tried while the account waits.
    const right = await login(t, member.user.email, PASSWORD, "198.51.100.3");
    expect(right.statusCode).toBe(429);
    // The member at home is not locked out by a stranger guessing.
    expect((await login(t, member.user.email, PASSWORD, "192.0.2.10")).statusCode).toBe(200);
    // That success forgets the failures: the free ones again, then each failure past them doubles
    // the wait, up to a minute: never longer.
    for (let i = 0; i < 10; i++)
      expect((await login(t, member.user.email, `free ${i}`, "198.51.100.4")).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const refused = await login(t, member.user.email, `guess again ${i}`, "198.51.100.5");
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers["retry-after"]));
      clock += waits[waits.length - 1]! * 1000;
      expect((await login(t, member.user.email, `guess again ${i}`, "198.51.100.4")).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
    clock += 60_000;
    // After the wait, the member's right password works from anywhere.
    expect((await login(t, member.user.email, PASSWORD, "198.51.100.6")).statusCode).toBe(200);
  });

  it("the same for an address nobody has (it tells nothing), and for each account alone", async () => {
    for (let i = 0; i < 12; i++) await login(t, "nobody@example.com", `guess ${i}`, `203.0.113.${i}`);
    expect((await login(t, "nobody@example.com", "guess", "203.0.113.99")).statusCode).toBe(429);
    const other = await t.member();
    expect((await login(t, other.user.email, PASSWORD, "203.0.113.99")).statusCode).toBe(200);
  });

  it("logs each login with the address, the account and the outcome (a fail2ban filter reads it)", () => {
    const logins = lines.filter((l) => typeof l.msg === "string" && l.msg.startsWith("login "));
    const outcomes = new Set(logins.map((l) => l.outcome));
    expect(outcomes).toEqual(new Set(["success", "failure", "limited"]));
    const failure = logins.find((l) => l.outcome === "failure")!;
    expect(failure).toMatchObject({
      msg: "login failure",
      level: 40,
      account: expect.stringMatching(/@example\.com$/),
    });
    expect(failure.address).toMatch(/^198\.51\.100\.\d$/);
    // The docs' filter: `"msg":"login (failure|limited)".*"address":"<HOST>"` in field order.
    const raw = JSON.stringify(failure);
    expect(raw).toMatch(/"address":"198\.51\.100\.\d"/);
    // Never the password.
    expect(JSON.stringify(logins)).not.toContain("guess 1");
  });
});

describe("mail to one address", () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ smtpPort: smtp.port, env: { RATE_LIMIT_AUTH_MAX: "1000" } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sentTo = (address: string) =>
    t.app.deps.db.$client.prepare('SELECT subject, text FROM outbox WHERE "to" = ?').all(address) as {
      subject: string;
      text: string;
    }[];

  it("30 registrations of one address from 30 clients: 5 emails in the hour, each answered the same", async () => {
    const victim = "victim@example.com";
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.request({
          method: "POST",
          url: "/api/Register/register",
          payload: {
            email: victim,
            password: "long enough password",
            firstName: `Buy cheap pills at spam.example ${i}`,
            lastName: "x".repeat(100),
          },
          remoteAddress: `198.51.100.${i}`,
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    const mails = sentTo(victim);
    expect(mails).toHaveLength(5);
    // Mail to an address not confirmed yet names nobody: no text a stranger typed.
    for (const mail of mails) {
      expect(mail.text).not.toContain("spam.example");
      expect(mail.text).not.toContain("xxxxxxxx");
      expect(mail.text.startsWith("Hello,\n")).toBe(true);
    }
    await t.app.deps.mailer.flush();
    expect(smtp.messages.filter((m) => m.to.includes(victim))).toHaveLength(5);
  });

  it("registering a member's address again, and forgot-password, share the budget", async () => {
    const member = await t.member("owner@example.com");
    for (let i = 0; i < 10; i++) {
      const res = await t.request({
        method: "POST",
        url: "/api/Register/register",
        payload: {
          email: member.user.email,
          password: "long enough password",
          firstName: "A",
          lastName: "B",
        },
        remoteAddress: `203.0.113.${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    expect(sentTo(member.user.email)).toHaveLength(5);
    const forgot = await t.request({
      method: "POST",
      url: "/api/Register/forgotPassword",
      payload: { email: member.user.email },
    });
    expect(forgot.statusCode).toBe(200);
    expect(sentTo(member.user.email)).toHaveLength(5);
  });
});

describe("token checks while the thread pool is busy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  });
  afterAll(() => t.close());

  it("a signed-in read, a token check and a token refresh answer while every pool thread is held", async () => {
    const member = await t.member();
    // Every thread of libuv's pool held (what password hashes did in a login flood): each opens a
    // named pipe that nobody writes to yet, which blocks its thread until a writer comes.
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const dir = mkdtempSync(join(tmpdir(), "club-pool-"));
    const pipes = Array.from({ length: threads }, (_, i) => join(dir, `pipe${i}`));
    for (const pipe of pipes) execFileSync("mkfifo", [pipe]);
    const held = pipes.map((pipe) => open(pipe, "r"));
    try {
      const account = await t.request({ method: "GET", url: "/api/Account", token: member.token });
      expect(account.statusCode, account.body).toBe(200);
      const validated = await t.request({
        method: "POST",
        url: "/api/Register/validateToken",
        token: member.token,
      });
      expect(validated.statusCode).toBe(200);
      const refreshed = await t.request({
        method: "POST",
        url: "/api/Register/refresh",
        payload: { refreshToken: member.refreshToken },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    } finally {
      for (const pipe of pipes) closeSync(openSync(pipe, "w"));
      for (const handle of await Promise.all(held)) await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("sessions and passes after they should end", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  });
  afterAll(() => t.close());

  const account = (token: string) => t.request({ method: "GET", url: "/api/Account", token });
  const refresh = (refreshToken: string) =>
    t.request({ method: "POST", url: "/api/Register/refresh", payload: { refreshToken } });

  it("an access token whose email is not the member's is refused (closed)", async () => {
    const member = await t.member();
    const forged = await t.app.deps.tokens.signAccessToken({
      id: member.user.id,
      email: "someone.else@example.com",
      tokenVersion: 0,
    });
    expect((await account(forged)).statusCode).toBe(401);
    // The same token with the member's own address (in any case) is theirs.
    const own = await t.app.deps.tokens.signAccessToken({
      id: member.user.id,
      email: member.user.email.toUpperCase(),
      tokenVersion: 0,
    });
    expect((await account(own)).statusCode).toBe(200);
  });

  it("a refresh token presented again ends the family AND every access token of the member (closed)", async () => {
    const member = await t.member();
    const first = await refresh(member.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json<{ accessToken: string; refreshToken: string }>();
    expect((await account(pair.accessToken)).statusCode).toBe(200);
    // Past the grace window for two tabs, the old token again: a sign of theft.
    t.app.deps.db.$client
      .prepare("UPDATE refresh_tokens SET rotated_at = ? WHERE rotated_at IS NOT NULL")
      .run(new Date(Date.now() - 5 * 60_000).toISOString());
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
    expect((await account(pair.accessToken)).statusCode).toBe(401);
    expect((await account(member.token)).statusCode).toBe(401);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    // The member logs in again as usual.
    expect((await login(t, member.user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("after logout the access token ends at once (it names its session); log out everywhere ends them all", async () => {
    const member = await t.member();
    const out = await t.request({
      method: "POST",
      url: "/api/Register/logout",
      payload: { refreshToken: member.refreshToken },
      token: member.token,
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
    expect((await account(member.token)).statusCode).toBe(401);
    const other = await t.member();
    const second = await t.app.deps.tokens.issuePair(other.user);
    const everywhere = await t.request({
      method: "POST",
      url: "/api/Account/LogoutEverywhere",
      token: other.token,
    });
    expect(everywhere.statusCode).toBe(200);
    expect((await account(other.token)).statusCode).toBe(401);
    expect((await account(second.accessToken)).statusCode).toBe(401);
  });

  it("a removed guest can join again with the open code (documented); a new code keeps them out", async () => {
    const host = await t.member(undefined, { role: "admin" });
    const caller = t.caller(host.user);
    const theme = await caller.themes.create({ id: 0, description: "Guests again" });
    const today = new Date().toISOString().slice(0, 10);
    const { id } = await caller.meetings.create({ date: today, hostName: "Host", themeId: theme.id });
    const join = (code: string) =>
      t.request({ method: "POST", url: "/api/Guests/Join", payload: { code, firstName: "Gus" } });
    const { code } = await caller.guests.openCode({ id });
    const joined = await join(code);
    expect(joined.statusCode, joined.body).toBe(200);
    const pass = joined.json<{ guestToken: string; guestId: number }>();
    await caller.guests.remove({ id, guestId: pass.guestId });
    // The pass ends at once; the code is the room's, and still open.
    expect(
      (await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}/MyScores`, token: pass.guestToken }))
        .statusCode,
    ).toBe(401);
    expect((await join(code)).statusCode).toBe(200);
    // The host opens a new code: the old one joins nobody, the new one (shown to the room) does.
    const fresh = await caller.guests.openCode({ id });
    expect(fresh.code).not.toBe(code);
    expect((await join(code)).statusCode).toBe(404);
    expect((await join(fresh.code)).statusCode).toBe(200);
  });
});
