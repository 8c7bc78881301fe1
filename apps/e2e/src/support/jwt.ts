import { createHmac } from "node:crypto";

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * An access token exactly like the server's (HS256, issuer whiskey-club, sub and email) but
 * already expired: signed with the server's own secret, so only its exp makes it invalid.
 */
export function expiredAccessToken(secret: Uint8Array, user: { id: number; email: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = b64url(
    JSON.stringify({
      email: user.email,
      sub: String(user.id),
      iss: "whiskey-club",
      iat: now - 3600,
      exp: now - 60,
    }),
  );
  const signature = createHmac("sha256", Buffer.from(secret))
    .update(`${header}.${payload}`)
    .digest("base64url");
  return `${header}.${payload}.${signature}`;
}
