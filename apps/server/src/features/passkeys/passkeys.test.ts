import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasskey, usePasskey, type SoftPasskey } from "@club/testing/passkeys";
import type { ActivityEntry, Passkey, PasskeyOptions } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * Passkeys over HTTP, with a software authenticator (a real P-256 key): added on the account,
 * listed, renamed and removed, and a sign-in with one giving the same session as a password login.
 */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let ann: M;
let bob: M;
let admin: M;
let clock = new Date("2026-03-02T12:00:00.000Z");
const ORIGIN = "http://club.test";

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { RATE_LIMIT: "false" } });
  ann = await t.member();
  bob = await t.member();
  admin = await t.member(undefined, { role: "admin" });
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

interface CreationOptions extends PasskeyOptions {
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials: { id: string }[];
  authenticatorSelection: { residentKey: string; userVerification: string };
}

const registrationOptions = async (token: string) => {
  const res = await send("GET", "/api/Account/Passkeys/Options", token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreationOptions>();
};

async function addPasskey(token: string, name: string): Promise<{ passkey: Passkey; key: SoftPasskey }> {
  const made = createPasskey(await registrationOptions(token), ORIGIN);
  const res = await send("POST", "/api/Account/Passkeys", token, { name, response: made.response });
  expect(res.statusCode, res.body).toBe(201);
  return { passkey: res.json<Passkey>(), key: made.passkey };
}

const loginOptions = async () => {
  const res = await send("POST", "/login/passkey/options");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<
    PasskeyOptions & { rpId: string; allowCredentials?: unknown[]; userVerification: string }
  >();
};

const lastActivity = async (token: string) =>
  (await send("GET", "/api/Activity?mine=true&limit=1", token)).json<ActivityEntry[]>()[0];

describe("adding passkeys", () => {
  it("the options name the club as the relying party (APP_URL's host) and ask for a discoverable, verified passkey", async () => {
    const options = await registrationOptions(ann.token);
    expect(options.rp.id).toBe("club.test");
    expect(options.user.name).toBe(ann.user.email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it("adds several, each named, listed oldest first with when added and last used", async () => {
    const phone = await addPasskey(ann.token, "Ann's phone");
    clock = new Date("2026-03-02T12:05:00.000Z");
    const laptop = await addPasskey(ann.token, "Laptop");
    expect(phone.passkey).toEqual({
      id: expect.any(Number),
      name: "Ann's phone",
      createdAt: "2026-03-02T12:00:00.000Z",
      lastUsedAt: null,
    });
    const list = (await send("GET", "/api/Account/Passkeys", ann.token)).json<Passkey[]>();
    expect(list.map((p) => p.name)).toEqual(["Ann's phone", "Laptop"]);
    expect(list[1]?.createdAt).toBe("2026-03-02T12:05:00.000Z");
    expect((await send("GET", "/api/Account/Passkeys", bob.token)).json()).toEqual([]);
    expect(await lastActivity(ann.token)).toMatchObject({
      action: "passkeys.register",
      entity: "passkey",
      entityId: String(laptop.passkey.id),
    });
    // Already added: the next options exclude them.
    const again = await registrationOptions(ann.token);
    expect(again.excludeCredentials.map((c) => c.id).sort()).toEqual(
      [phone.key.credentialId, laptop.key.credentialId].sort(),
    );
  });

  it("a challenge is good once: the same answer again is a 400 and adds nothing", async () => {
    const made = createPasskey(await registrationOptions(bob.token), ORIGIN);
    const first = await send("POST", "/api/Account/Passkeys", bob.token, {
      name: "Once",
      response: made.response,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await send("POST", "/api/Account/Passkeys", bob.token, {
      name: "Twice",
      response: made.response,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      error: { message: "The passkey request has expired or was already used. Try again." },
    });
    expect(
      (await send("GET", "/api/Account/Passkeys", bob.token)).json<Passkey[]>().map((p) => p.name),
    ).toEqual(["Once"]);
  });

  it("a challenge expires after five minutes", async () => {
    const made = createPasskey(await registrationOptions(bob.token), ORIGIN);
    clock = new Date(clock.getTime() + 5 * 60 * 1000 + 1);
    const res = await send("POST", "/api/Account/Passkeys", bob.token, {
      name: "Late",
      response: made.response,
    });
    expect(res.statusCode).toBe(400);
  });

  it("refuses an answer made for another origin, an invented challenge and junk with a 400", async () => {
    const elsewhere = createPasskey(await registrationOptions(bob.token), "https://evil.example");
    const res = await send("POST", "/api/Account/Passkeys", bob.token, {
      name: "Evil",
      response: elsewhere.response,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: "The passkey could not be verified. Try again." } });

    const invented = createPasskey(
      { challenge: "bm90LWEtY2hhbGxlbmdl", rp: { id: "club.test" }, user: { id: "eA" } },
      ORIGIN,
    );
    expect(
      (await send("POST", "/api/Account/Passkeys", bob.token, { name: "X", response: invented.response }))
        .statusCode,
    ).toBe(400);

    for (const response of [{}, { id: "x", rawId: "x", type: "public-key", response: {} }, "junk"]) {
      const junk = await send("POST", "/api/Account/Passkeys", bob.token, { name: "Junk", response });
      expect(junk.statusCode).toBe(400);
    }
    const blank = createPasskey(await registrationOptions(bob.token), ORIGIN);
    const unnamed = await send("POST", "/api/Account/Passkeys", bob.token, {
      name: "  ",
      response: blank.response,
    });
    expect(unnamed.statusCode).toBe(400);
    expect(
      (await send("GET", "/api/Account/Passkeys", bob.token)).json<Passkey[]>().map((p) => p.name),
    ).toEqual(["Once"]);
  });

  it("an API token cannot list or add passkeys (403)", async () => {
    const created = await send("POST", "/api/Account/Tokens", ann.token, {
      name: "Script",
      scopes: ["read", "write"],
    });
    const token = created.json<{ token: string }>().token;
    expect((await send("GET", "/api/Account/Passkeys", token)).statusCode).toBe(403);
    expect((await send("GET", "/api/Account/Passkeys/Options", token)).statusCode).toBe(403);
  });
});

describe("signing in with a passkey", () => {
  it("gives the same session as a password login, and records when the passkey was last used", async () => {
    const cara = await t.member();
    const { passkey, key } = await addPasskey(cara.token, "Cara's phone");
    const options = await loginOptions();
    expect(options.rpId).toBe("club.test");
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials ?? []).toEqual([]);
    clock = new Date(clock.getTime() + 60_000);
    const res = await send("POST", "/login/passkey", undefined, {
      response: usePasskey(key, options, ORIGIN),
    });
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json<{ accessToken: string; refreshToken: string; email: string }>();
    expect(pair.email).toBe(cara.user.email);
    // The access token is a member's, and the refresh token rotates as any login's.
    expect((await send("GET", "/api/Account", pair.accessToken)).json()).toMatchObject({
      email: cara.user.email,
    });
    const refreshed = await send("POST", "/api/Register/refresh", undefined, {
      refreshToken: pair.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    const list = (await send("GET", "/api/Account/Passkeys", pair.accessToken)).json<Passkey[]>();
    expect(list).toEqual([{ ...passkey, lastUsedAt: clock.toISOString() }]);
  });

  it("refuses a used challenge (400), a passkey not registered here (401) and a replayed counter (401)", async () => {
    const dan = await t.member();
    const { key } = await addPasskey(dan.token, "Dan's key");
    const options = await loginOptions();
    const answer = usePasskey(key, options, ORIGIN);
    expect((await send("POST", "/login/passkey", undefined, { response: answer })).statusCode).toBe(200);
    const again = await send("POST", "/login/passkey", undefined, { response: answer });
    expect(again.statusCode).toBe(400);

    // A passkey made for this club but never added (or removed since).
    const stranger = createPasskey(
      { challenge: "c3RyYW5nZXI", rp: { id: "club.test" }, user: { id: "eA" } },
      ORIGIN,
    );
    const unknown = await send("POST", "/login/passkey", undefined, {
      response: usePasskey(stranger.passkey, await loginOptions(), ORIGIN),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({
      error: {
        message:
          "That passkey is not registered here. Sign in with your password and add it on your Account page.",
      },
    });

    // A copy of the authenticator whose counter went back: a clone gives itself away.
    const clone = { ...key, counter: 0 };
    const cloned = await send("POST", "/login/passkey", undefined, {
      response: usePasskey(clone, await loginOptions(), ORIGIN),
    });
    expect(cloned.statusCode).toBe(401);

    // A sign-in answer is not a new passkey's, nor the other way round.
    const registering = await registrationOptions(dan.token);
    const crossed = await send("POST", "/login/passkey", undefined, {
      response: usePasskey(key, registering, ORIGIN),
    });
    expect(crossed.statusCode).toBe(400);
    for (const response of [{}, "junk", { ...answer, response: { ...answer.response, signature: "!!" } }]) {
      expect((await send("POST", "/login/passkey", undefined, { response })).statusCode).toBe(400);
    }
  });

  it("a deactivated member's passkey signs no one in (403, as the password login)", async () => {
    const eve = await t.member();
    const { key } = await addPasskey(eve.token, "Eve's phone");
    const off = await send("POST", `/api/Members/${eve.user.id}/Deactivate`, admin.token);
    expect(off.statusCode, off.body).toBeLessThan(300);
    const res = await send("POST", "/login/passkey", undefined, {
      response: usePasskey(key, await loginOptions(), ORIGIN),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: "MEMBERSHIP_DEACTIVATED" } });
  });
});

describe("renaming and removing", () => {
  it("renames one's own; another member gets 403; in the activity log", async () => {
    const { passkey } = await addPasskey(ann.token, "Old name");
    const res = await send("PUT", `/api/Account/Passkeys/${passkey.id}`, ann.token, { name: "Kitchen iPad" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Passkey>().name).toBe("Kitchen iPad");
    expect(await lastActivity(ann.token)).toMatchObject({
      action: "passkeys.rename",
      before: { name: "Old name" },
      after: { name: "Kitchen iPad" },
    });
    expect(
      (await send("PUT", `/api/Account/Passkeys/${passkey.id}`, bob.token, { name: "Mine" })).statusCode,
    ).toBe(403);
    expect(
      (await send("PUT", `/api/Account/Passkeys/${passkey.id}`, ann.token, { name: "" })).statusCode,
    ).toBe(400);
  });

  it("a removed passkey signs no one in; an admin may remove a member's; 404 for one removed", async () => {
    const fay = await t.member();
    const { passkey, key } = await addPasskey(fay.token, "Fay's phone");
    const other = await addPasskey(fay.token, "Fay's laptop");
    expect((await send("DELETE", `/api/Account/Passkeys/${passkey.id}`, bob.token)).statusCode).toBe(403);
    const removed = await send("DELETE", `/api/Account/Passkeys/${passkey.id}`, fay.token);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await lastActivity(fay.token)).toMatchObject({
      action: "passkeys.remove",
      before: { name: "Fay's phone" },
    });
    const res = await send("POST", "/login/passkey", undefined, {
      response: usePasskey(key, await loginOptions(), ORIGIN),
    });
    expect(res.statusCode).toBe(401);
    expect((await send("DELETE", `/api/Account/Passkeys/${passkey.id}`, fay.token)).statusCode).toBe(404);

    const byAdmin = await send("DELETE", `/api/Account/Passkeys/${other.passkey.id}`, admin.token);
    expect(byAdmin.statusCode).toBe(204);
    expect(await lastActivity(admin.token)).toMatchObject({
      action: "passkeys.remove",
      before: { name: "Fay's laptop", memberId: fay.user.id },
    });
    expect((await send("GET", "/api/Account/Passkeys", fay.token)).json()).toEqual([]);
  });
});

describe("over tRPC", () => {
  it("lists, adds and removes with the same rules", async () => {
    const caller = t.caller(bob.user);
    const made = createPasskey(await caller.passkeys.registrationOptions(), ORIGIN);
    const added = await caller.passkeys.register({ name: "Via tRPC", response: made.response });
    expect((await caller.passkeys.list()).map((p) => p.name)).toContain("Via tRPC");
    await expect(t.caller(ann.user).passkeys.remove({ id: added.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await caller.passkeys.remove({ id: added.id });
    expect((await caller.passkeys.list()).map((p) => p.name)).not.toContain("Via tRPC");
  });
});

describe("budgets", () => {
  it("a passkey sign-in spends the address's login budget, shared with the password login (429 beyond)", async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_AUTH_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "600" },
    });
    try {
      const remoteAddress = "10.0.7.1";
      const statuses: number[] = [];
      statuses.push(
        (
          await limited.request({
            method: "POST",
            url: "/login",
            payload: { email: "nobody@example.com", password: "wrong-password" },
            remoteAddress,
          })
        ).statusCode,
      );
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await limited.request({ method: "POST", url: "/login/passkey/options", remoteAddress }))
            .statusCode,
        );
      expect(statuses).toEqual([401, 200, 200, 429]);
      // Another address still may.
      expect(
        (
          await limited.request({
            method: "POST",
            url: "/login/passkey",
            payload: {},
            remoteAddress: "10.0.7.2",
          })
        ).statusCode,
      ).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
