import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * HS256 JWTs signed and checked on the calling thread (node:crypto's HMAC is synchronous).
 * jose does the same through WebCrypto, whose every call is a job on libuv's thread pool: while
 * password hashes held the pool, each signed-in request's token check waited behind them (a login
 * flood took the members' median from 3.6 ms to 230 ms). An HMAC of a few hundred bytes takes
 * microseconds; here it never waits for anything.
 */

export type JwtPayload = Record<string, unknown>;

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

const hmac = (secret: Uint8Array, data: string) => createHmac("sha256", secret).update(data).digest();

export function signJwt(payload: JwtPayload, secret: Uint8Array): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  return `${body}.${hmac(secret, body).toString("base64url")}`;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeJson(part: string): JwtPayload | null {
  try {
    const value = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as JwtPayload) : null;
  } catch {
    return null;
  }
}

/**
 * The payload of a token signed with `secret` by HS256, from `issuer`, not expired (and for
 * `audience` when one is asked for), or null: any other algorithm ("none" too), a header with
 * `crit`, a bad signature, a malformed part.
 */
export function verifyJwt(
  token: string,
  secret: Uint8Array,
  expect: { issuer: string; audience?: string; nowSeconds?: number },
): JwtPayload | null {
  if (token.length > 8192) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => p === "" || !BASE64URL.test(p))) return null;
  const [head, body, signature] = parts as [string, string, string];
  const header = decodeJson(head);
  if (!header || header.alg !== "HS256" || "crit" in header) return null;
  const given = Buffer.from(signature, "base64url");
  const wanted = hmac(secret, `${head}.${body}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  // The signature's last character carries unused bits: the token must be the canonical one.
  if (given.toString("base64url") !== signature) return null;
  const payload = decodeJson(body);
  if (!payload) return null;
  const now = expect.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== "number" || now >= payload.exp) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== "number" || now < payload.nbf)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== "number") return null;
  if (payload.iss !== expect.issuer) return null;
  if (expect.audience !== undefined) {
    const aud = payload.aud;
    const ok = aud === expect.audience || (Array.isArray(aud) && aud.includes(expect.audience));
    if (!ok) return null;
  }
  return payload;
}
