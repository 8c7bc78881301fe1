import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * Web Push: the server's VAPID key, a browser's subscription, and a message to it, posted to a
 * push endpoint of the test's own that decrypts it (RFC 8291, aes128gcm) with the subscription's
 * private key, as a browser's push service and the browser would.
 */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let ann: M;
let bob: M;
let endpoint: Server;
let base = "";
const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];

// The browser's side of the subscription: its P-256 key pair and auth secret.
const browser = createECDH("prime256v1");
browser.generateKeys();
const authSecret = randomBytes(16);

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  ann = await t.member();
  bob = await t.member();
  endpoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.includes("gone") ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => endpoint.close(resolve));
});

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 and RFC 8188: what the browser does with a push message's body. */
function decrypt(body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = browser.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), browser.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([info, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record: the text, then the delimiter 2, then zeros.
  return padded.subarray(0, padded.lastIndexOf(2)).toString("utf8");
}

const subscription = (path: string) => ({
  endpoint: `${base}${path}`,
  expirationTime: null,
  keys: { p256dh: browser.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
});

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
      .poll(async () => (await t.app.deps.push.flush(), received.length), { timeout: 15_000 })
      .toBe(1);
    const [message] = received;
    expect(message!.path).toBe("/push/ann");
    expect(message!.headers["content-encoding"]).toBe("aes128gcm");
    const { publicKey } = (await send("GET", "/api/Push/PublicKey")).json<{ publicKey: string }>();
    expect(message!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(JSON.parse(decrypt(message!.body))).toEqual({
      title: expect.stringMatching(/commented on Ardbeg 10\.$/),
      body: "",
      link: `/bottle/${bottleId}`,
      kind: "commentAnswer",
    });
    // Sent once: another pass sends nothing more.
    await t.app.deps.push.flush();
    expect(received).toHaveLength(1);
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
        async () => (await t.app.deps.push.flush(), received.filter((r) => r.path === "/push/gone").length),
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
      { ...subscription("/x"), keys: { p256dh: "short", auth: authSecret.toString("base64url") } },
      { endpoint: `${base}/x` },
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
