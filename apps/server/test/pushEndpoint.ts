import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A browser's push service of the test's own: it keeps what is posted to it (410 for a path with
 * "gone", 201 otherwise), and decrypts a message (RFC 8291, aes128gcm) with the subscription's
 * private key, as the browser would.
 */
export async function startPushEndpoint() {
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  // The browser's side of the subscription: its P-256 key pair and auth secret.
  const browser = createECDH("prime256v1");
  browser.generateKeys();
  const authSecret = randomBytes(16);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.includes("gone") ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();
  return {
    received,
    /** A PushSubscription's JSON for a path of the endpoint. */
    subscription: (path: string) => ({
      endpoint: `${base}${path}`,
      expirationTime: null,
      keys: { p256dh: browser.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
    }),
    /** RFC 8291 and RFC 8188: what the browser does with a push message's body. */
    decrypt(body: Buffer): string {
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
      const padded = Buffer.concat([
        decipher.update(cipher.subarray(0, cipher.length - 16)),
        decipher.final(),
      ]);
      // The last record: the text, then the delimiter 2, then zeros.
      return padded.subarray(0, padded.lastIndexOf(2)).toString("utf8");
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
