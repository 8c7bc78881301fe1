import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { startPushEndpoint } from "../../../test/pushEndpoint";

/**
 * Web Push: the server's VAPID key, a browser's subscription, and a message to it, posted to a
 * push endpoint of the test's own that decrypts it (RFC 8291, aes128gcm) with the subscription's
 * private key, as a browser's push service and the browser would.
 */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let ann: M;
let bob: M;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  ann = await t.member();
  bob = await t.member();
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await t.close();
  await endpoint.close();
});

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

const subscription = (path: string) => endpoint.subscription(path);

describe("Web Push", () => {
  it("the VAPID public key is made once and kept", async () => {
    const first = await send("GET", "/api/Push/PublicKey");
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    expect((await send("GET", "/api/Push/PublicKey")).json()).toEqual({ publicKey });
  });

  it("a member with the phone on for a kind gets it, encrypted for their browser, signed with the key", async () => {
    const made = await send("POST", "/api/Account/PushSubscriptions", ann.token, subscription("/push/ann"));
    expect(made.statusCode, made.body).toBe(201);
    const again = await send("POST", "/api/Account/PushSubscriptions", ann.token, subscription("/push/ann"));
    expect(again.json()).toEqual(made.json());
    await send("PUT", "/api/Account/Notifications", ann.token, {
      kinds: { commentAnswer: { inApp: true, email: false, push: true } },
    });
    const bottleId = (await t.caller(bob.user).bottles.create({ name: "Ardbeg 10", abv: 46 })).id;
    await t.caller(ann.user).comments.create({ bottleId, comment: "Smoky." });
    await t.caller(bob.user).comments.create({ bottleId, comment: "Very." });
    await expect
      .poll(async () => (await t.app.deps.push.flush(), endpoint.received.length), { timeout: 15_000 })
      .toBe(1);
    const [message] = endpoint.received;
    expect(message!.path).toBe("/push/ann");
    expect(message!.headers["content-encoding"]).toBe("aes128gcm");
    const { publicKey } = (await send("GET", "/api/Push/PublicKey")).json<{ publicKey: string }>();
    expect(message!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(JSON.parse(endpoint.decrypt(message!.body))).toEqual({
      title: expect.stringMatching(/commented on Ardbeg 10\.$/),
      body: "",
      link: `/bottle/${bottleId}`,
      kind: "commentAnswer",
    });
    // Sent once: another pass sends nothing more.
    await t.app.deps.push.flush();
    expect(endpoint.received).toHaveLength(1);
  });

  it("a subscription the push service says is gone is deleted", async () => {
    const { id } = (
      await send("POST", "/api/Account/PushSubscriptions", bob.token, subscription("/push/gone"))
    ).json<{ id: number }>();
    await send("PUT", "/api/Account/Notifications", bob.token, {
      kinds: { commentAnswer: { inApp: true, email: false, push: true } },
    });
    const bottleId = (await t.caller(ann.user).bottles.create({ name: "Laphroaig 10", abv: 40 })).id;
    await t.caller(bob.user).comments.create({ bottleId, comment: "Medicinal." });
    await t.caller(ann.user).comments.create({ bottleId, comment: "Iodine." });
    await expect
      .poll(
        async () => (
          await t.app.deps.push.flush(),
          endpoint.received.filter((r) => r.path === "/push/gone").length
        ),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    expect((await send("DELETE", `/api/Account/PushSubscriptions/${id}`, bob.token)).statusCode).toBe(404);
  });

  it("refuses bad subscriptions, and another member's removal, with a 4xx", async () => {
    for (const bad of [
      { ...subscription("/x"), endpoint: "ftp://push.example/x" },
      { ...subscription("/x"), keys: { p256dh: "short", auth: subscription("/x").keys.auth } },
      { endpoint: subscription("/x").endpoint },
    ])
      expect((await send("POST", "/api/Account/PushSubscriptions", ann.token, bad)).statusCode).toBe(400);
    expect(
      (await send("POST", "/api/Account/PushSubscriptions", undefined, subscription("/x"))).statusCode,
    ).toBe(401);
    const { id } = (
      await send("POST", "/api/Account/PushSubscriptions", ann.token, subscription("/push/ann2"))
    ).json<{ id: number }>();
    expect((await send("DELETE", `/api/Account/PushSubscriptions/${id}`, bob.token)).statusCode).toBe(403);
    expect((await send("DELETE", `/api/Account/PushSubscriptions/${id}`, ann.token)).statusCode).toBe(204);
    expect((await send("DELETE", `/api/Account/PushSubscriptions/${id}`, ann.token)).statusCode).toBe(404);
  });
});
