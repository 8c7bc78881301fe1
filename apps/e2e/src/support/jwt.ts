import { createHmac } from "node:crypto";

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * An access token exactly like the server's (HS256, issuer whiskey-club, sub and email) but
 * already expired: signed with the server's own secret, so only its exp makes it invalid.
 */
export function expiredAccessToken(secret: Uint8Array, user: { id: number; email: string }): string {
  return expired(secret, String(user.id), { email: user.email });
}

/** A guest pass of that guest and meeting that ran out (its 48 hours are over). */
export function expiredGuestPass(secret: Uint8Array, pass: { guestId: number; meetingId: number }): string {
  return expired(secret, String(pass.guestId), { mid: pass.meetingId, aud: "whiskey-club/guest-pass" });
}

function expired(secret: Uint8Array, sub: string, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = b64url(
    JSON.stringify({ ...claims, sub, iss: "whiskey-club", iat: now - 3600, exp: now - 60 }),
  );
  const signature = createHmac("sha256", Buffer.from(secret))
    .update(`${header}.${payload}`)
    .digest("base64url");
  return `${header}.${payload}.${signature}`;
}
