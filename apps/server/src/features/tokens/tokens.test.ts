import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry, ApiToken, CreatedApiToken, MemberApiToken } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";

/** API tokens: a script acts as its member through one, within its scopes, until revoked or expired. */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let ann: M;
let bob: M;
let admin: M;
let clock = new Date("2026-03-02T12:00:00.000Z");

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  ann = await t.member();
  bob = await t.member();
  admin = await t.member(undefined, { role: "admin" });
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
const make = async (token: string, body: unknown) => {
  const res = await send("POST", "/api/Account/Tokens", token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiToken>();
};
const rename = (token: string, lastName: string) =>
  send("PUT", "/api/Account", token, { firstName: "Ann", lastName });

describe("tokens.create", () => {
  it("answers the token once; the list and the database keep only its name, scopes and times", async () => {
    const created = await make(ann.token, {
      name: "Home Assistant",
      scopes: ["write", "read"],
      expiresInDays: 30,
    });
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Home Assistant",
      scopes: ["read", "write"],
      token: expect.stringMatching(/^club_[A-Za-z0-9_-]{43}$/),
      expiresAt: "2026-04-01T12:00:00.000Z",
    });
    const list = (await send("GET", "/api/Account/Tokens", ann.token)).json<ApiToken[]>();
    expect(list).toEqual([
      {
        id: created.id,
        name: "Home Assistant",
        scopes: ["read", "write"],
        createdAt: "2026-03-02T12:00:00.000Z",
        lastUsedAt: null,
        expiresAt: "2026-04-01T12:00:00.000Z",
      },
    ]);
    const rows = t.app.deps.db.$client.prepare("SELECT * FROM api_tokens").all();
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(5));
    // Bob sees none of Ann's.
    expect((await send("GET", "/api/Account/Tokens", bob.token)).json()).toEqual([]);
  });

  it("refuses bad input with a 400 and makes nothing", async () => {
    const before = (await send("GET", "/api/Account/Tokens", bob.token)).json<ApiToken[]>().length;
    for (const body of [
      { name: "", scopes: ["read"] },
      { name: "x", scopes: [] },
      { name: "x", scopes: ["admin"] },
      { name: "x", scopes: ["read"], expiresInDays: 0 },
      { name: "x", scopes: ["read"], expiresInDays: 1.5 },
      { name: "x".repeat(61), scopes: ["read"] },
      { name: "tab\there", scopes: ["read"] },
      { scopes: ["read"] },
    ]) {
      const res = await send("POST", "/api/Account/Tokens", bob.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: "BAD_REQUEST" } });
    }
    expect((await send("GET", "/api/Account/Tokens", bob.token)).json<ApiToken[]>()).toHaveLength(before);
  });
});

describe("a token as the caller", () => {
  it("acts as its member over REST and tRPC, with the member's role; the activity log names it", async () => {
    const { token } = await make(admin.token, { name: "Nightly script", scopes: ["read", "write"] });
    const account = await send("GET", "/api/Account", token);
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ email: admin.user.email, role: "admin" });
    const trpc = await t.request({ method: "GET", url: "/trpc/account.get", token });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json()).toMatchObject({ result: { data: { email: admin.user.email } } });
    // An admin's read through an admin's token.
    expect((await send("GET", "/api/Members", token)).statusCode).toBe(200);

    expect((await rename(token, "Scripted")).statusCode).toBe(200);
    const [entry] = (await send("GET", "/api/Activity?mine=true&limit=1", admin.token)).json<
      ActivityEntry[]
    >();
    expect(entry).toMatchObject({ action: "account.update", viaToken: "Nightly script" });
    // The app's own session names no token.
    await send("PUT", "/api/Account", admin.token, { firstName: "Ada", lastName: "Admin" });
    const [own] = (await send("GET", "/api/Activity?mine=true&limit=1", admin.token)).json<ActivityEntry[]>();
    expect(own).toMatchObject({ action: "account.update", viaToken: null });
  });

  it("a read token reads and gets 403 on every write, REST and tRPC alike, changing nothing", async () => {
    const { token } = await make(ann.token, { name: "Dashboard", scopes: ["read"] });
    expect((await send("GET", "/api/Account", token)).statusCode).toBe(200);
    const rest = await rename(token, "Nope");
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toMatchObject({ error: { code: "TOKEN_READ_ONLY" } });
    const trpc = await t.request({
      method: "POST",
      url: "/trpc/account.update",
      token,
      payload: { firstName: "Ann", lastName: "Nope" },
    });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json()).toMatchObject({ error: { data: { code: "FORBIDDEN", reason: "TOKEN_READ_ONLY" } } });
    const wish = await send("POST", "/api/Wishlist", token, { bottleName: "Springbank 10" });
    expect(wish.statusCode).toBe(403);
    expect((await send("GET", "/api/Account", ann.token)).json()).not.toMatchObject({ lastName: "Nope" });
  });

  it("cannot manage tokens, the password or sessions: those need a login (403)", async () => {
    const { token } = await make(ann.token, { name: "Too strong", scopes: ["read", "write"] });
    for (const [method, url, body] of [
      ["GET", "/api/Account/Tokens", undefined],
      ["POST", "/api/Account/Tokens", { name: "stronger", scopes: ["write"] }],
      [
        "POST",
        "/api/Account/Password",
        { currentPassword: "correct horse battery", newPassword: "long-enough-1" },
      ],
      ["POST", "/api/Account/LogoutEverywhere", undefined],
    ] as const) {
      const res = await send(method, url, token, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ error: { code: "LOGIN_REQUIRED" } });
    }
  });

  it("is refused with 401 once revoked or expired, or when its member is deactivated", async () => {
    const revoked = await make(bob.token, { name: "Revoked", scopes: ["read"] });
    expect((await send("GET", "/api/Account", revoked.token)).statusCode).toBe(200);
    expect((await send("DELETE", `/api/Account/Tokens/${revoked.id}`, bob.token)).statusCode).toBe(204);
    expect((await send("GET", "/api/Account", revoked.token)).statusCode).toBe(401);
    expect((await send("DELETE", `/api/Account/Tokens/${revoked.id}`, bob.token)).statusCode).toBe(404);

    const shortLived = await make(bob.token, { name: "One day", scopes: ["read"], expiresInDays: 1 });
    expect((await send("GET", "/api/Account", shortLived.token)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    expect((await send("GET", "/api/Account", shortLived.token)).statusCode).toBe(401);

    const carol = await t.member();
    const hers = await make(carol.token, { name: "Hers", scopes: ["read"] });
    expect((await send("POST", `/api/Members/${carol.user.id}/Deactivate`, admin.token)).statusCode).toBe(
      200,
    );
    expect((await send("GET", "/api/Account", hers.token)).statusCode).toBe(401);
    expect((await send("GET", "/api/Account", "club_not-a-token")).statusCode).toBe(401);
  });

  it("keeps lastUsedAt to the minute", async () => {
    const { id, token } = await make(bob.token, { name: "Poller", scopes: ["read"] });
    const lastUsed = async () =>
      (await send("GET", "/api/Account/Tokens", bob.token)).json<ApiToken[]>().find((x) => x.id === id)
        ?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await send("GET", "/api/Account", token);
    const first = clock.toISOString();
    expect(await lastUsed()).toBe(first);
    clock = new Date(clock.getTime() + 30_000);
    await send("GET", "/api/Account", token);
    expect(await lastUsed()).toBe(first);
    clock = new Date(clock.getTime() + 31_000);
    await send("GET", "/api/Account", token);
    expect(await lastUsed()).toBe(clock.toISOString());
  });
});

describe("tokens.revoke and tokens.all", () => {
  it("an admin lists every member's tokens and revokes one; another member gets 403", async () => {
    const dan = await t.member();
    const hers = await make(dan.token, { name: "Dan's lights", scopes: ["read"] });
    expect((await send("GET", "/api/Members/Tokens", dan.token)).statusCode).toBe(403);
    const all = (await send("GET", "/api/Members/Tokens", admin.token)).json<MemberApiToken[]>();
    expect(all.find((x) => x.id === hers.id)).toMatchObject({
      name: "Dan's lights",
      memberId: dan.user.id,
      member: { firstName: "Test" },
    });
    expect(JSON.stringify(all)).not.toContain(hers.token);

    const refused = await send("DELETE", `/api/Account/Tokens/${hers.id}`, bob.token);
    expect(refused.statusCode).toBe(403);
    expect((await send("GET", "/api/Account", hers.token)).statusCode).toBe(200);
    expect((await send("DELETE", `/api/Account/Tokens/${hers.id}`, admin.token)).statusCode).toBe(204);
    expect((await send("GET", "/api/Account", hers.token)).statusCode).toBe(401);
    const [entry] = (await send("GET", "/api/Activity?mine=true&limit=1", admin.token)).json<
      ActivityEntry[]
    >();
    expect(entry).toMatchObject({
      action: "tokens.revoke",
      before: { name: "Dan's lights", firstName: "Test" },
    });
  });
});

describe("budgets", () => {
  it("a token's writes spend its member's write budget", async () => {
    const small = await createTestApp({ env: { WRITE_BUDGET_PER_MINUTE: "3" } });
    try {
      const eve = await small.member();
      const res = await small.request({
        method: "POST",
        url: "/api/Account/Tokens",
        token: eve.token,
        payload: { name: "Busy", scopes: ["read", "write"] },
      });
      const { token } = res.json<CreatedApiToken>();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (
            await small.request({
              method: "PUT",
              url: "/api/Account",
              token,
              payload: { firstName: "Eve", lastName: `N${i}` },
            })
          ).statusCode,
        );
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await small.close();
    }
  });
});
