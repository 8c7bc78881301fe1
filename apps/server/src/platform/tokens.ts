import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { signJwt, verifyJwt, type JwtPayload } from "./jwt";
import {
  insertRefreshToken,
  revokeRefreshTokenFamilyOf,
  rotateRefreshToken,
  sessionSeen,
  type Db,
  type Tx,
} from "@club/db";
import type { TokenPair } from "@club/shared";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = "whiskey-club";
/** A guest pass's audience: a member's access token has none, and carries none. */
export const GUEST_AUDIENCE = "whiskey-club/guest-pass";
/** How long a guest pass is good for (it ends sooner when the host removes the guest). */
export const GUEST_TOKEN_TTL_SECONDS = 48 * 60 * 60;

/** A second-factor token's audience (POST /login's answer for a member with two factors). */
export const MFA_AUDIENCE = "whiskey-club/mfa";
/** How long the second step of a login may take after the password. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/** What a second-factor token says: whose password was right, on which token version, which try. */
export interface MfaClaims {
  id: number;
  tokenVersion: number;
  /** This login's own id: the token is used up once the second factor passes. */
  jti: string;
  /** When it expires (seconds since the epoch). */
  exp: number;
}

/** Whom a guest pass is for: one guest at one meeting. */
export interface GuestClaims {
  guestId: number;
  meetingId: number;
}

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const randomToken = () => randomBytes(32).toString("base64url");

/** Whom a token is for: the member and their token version (docs/product.md: ends sessions at once). */
export interface TokenSubject {
  id: number;
  email: string;
  /** The member's tokenVersion when the token was issued; absent in tokens from before it existed. */
  tokenVersion?: number;
}

export interface AccessClaims {
  id: number;
  email: string;
  tokenVersion: number;
  /** The session (a login on one device) the token belongs to; absent in tokens from before sessions. */
  sessionId?: number;
}

/** The device a login or a refresh comes from: the Devices list shows it. */
export interface ClientInfo {
  userAgent: string | null;
  address: string | null;
}

/** A user agent is kept to this many characters. */
const USER_AGENT_MAX = 512;

export type RefreshOutcome =
  | { ok: true; pair: TokenPair; subject: AccessClaims }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" | "inactive" };

/** How long after a rotation the same refresh token may be presented again (two tabs at once). */
export const REFRESH_GRACE_MS = 30_000;

/** Access tokens are short-lived JWTs; refresh tokens are opaque, stored hashed and rotated. */
export class TokenService {
  private readonly successorKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {
    this.successorKey = Buffer.from(createHmac("sha256", secret).update("refresh-successor").digest());
  }

  /** An HS256 JWT of ours with `claims`: subject, issuer, issued at `issuedAt` (seconds), good `ttl` seconds. */
  private sign(
    claims: JwtPayload,
    subject: number,
    ttl: number,
    issuedAt = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    const payload = { ...claims, sub: String(subject), iss: ISSUER, iat: issuedAt, exp: issuedAt + ttl };
    return Promise.resolve(signJwt(payload, this.secret));
  }

  /** A JWT for the subject; `issuedAt` (seconds) makes it reproducible (the refresh grace window). */
  async signAccessToken(subject: TokenSubject, issuedAt?: number, sessionId?: number): Promise<string> {
    const claims = {
      email: subject.email,
      ver: subject.tokenVersion ?? 0,
      ...(sessionId === undefined ? {} : { sid: sessionId }),
    };
    return this.sign(claims, subject.id, ACCESS_TOKEN_TTL_SECONDS, issuedAt);
  }

  /** The claims of a valid access token, or null (bad signature, other alg, expired, malformed). */
  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const payload = verifyJwt(token, this.secret, { issuer: ISSUER });
    // A guest pass (or any token with an audience) never passes as a member's access token.
    if (!payload || payload.aud !== undefined) return null;
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0 || typeof payload.email !== "string") return null;
    const ver = payload.ver === undefined ? 0 : payload.ver;
    if (typeof ver !== "number" || !Number.isInteger(ver)) return null;
    const sid = payload.sid;
    if (sid !== undefined && (typeof sid !== "number" || !Number.isInteger(sid) || sid <= 0)) return null;
    return Promise.resolve({
      id,
      email: payload.email,
      tokenVersion: ver,
      ...(sid === undefined ? {} : { sessionId: sid }),
    });
  }

  /** A guest pass for one meeting: the same key, its own audience. */
  async signGuestToken(claims: GuestClaims): Promise<string> {
    return this.sign({ mid: claims.meetingId, aud: GUEST_AUDIENCE }, claims.guestId, GUEST_TOKEN_TTL_SECONDS);
  }

  /** The claims of a valid guest pass, or null (a member's token, bad signature, expired...). */
  async verifyGuestToken(token: string): Promise<GuestClaims | null> {
    const payload = verifyJwt(token, this.secret, { issuer: ISSUER, audience: GUEST_AUDIENCE });
    if (!payload) return null;
    const guestId = Number(payload.sub);
    const meetingId = payload.mid;
    if (!Number.isInteger(guestId) || guestId <= 0) return null;
    if (typeof meetingId !== "number" || !Number.isInteger(meetingId) || meetingId <= 0) return null;
    return Promise.resolve({ guestId, meetingId });
  }

  /**
   * A second-factor token: the password of this member was right; only POST /login/totp (or
   * another second factor) takes it, within MFA_TOKEN_TTL_SECONDS, for this token version.
   */
  async signMfaToken(subject: TokenSubject): Promise<string> {
    const claims = { ver: subject.tokenVersion ?? 0, jti: randomUUID(), aud: MFA_AUDIENCE };
    return this.sign(claims, subject.id, MFA_TOKEN_TTL_SECONDS);
  }

  /** The claims of a valid second-factor token, or null (an access token, a guest pass, expired...). */
  async verifyMfaToken(token: string): Promise<MfaClaims | null> {
    const payload = verifyJwt(token, this.secret, { issuer: ISSUER, audience: MFA_AUDIENCE });
    if (!payload) return null;
    const id = Number(payload.sub);
    const { ver, jti, exp } = payload;
    if (!Number.isInteger(id) || id <= 0 || typeof ver !== "number" || !Number.isInteger(ver)) return null;
    if (typeof jti !== "string" || typeof exp !== "number") return null;
    return Promise.resolve({ id, tokenVersion: ver, jti, exp });
  }

  async claimsFromAuthorization(header: string | undefined): Promise<AccessClaims | null> {
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return null;
    return this.verifyAccessToken(match[1]);
  }

  async guestFromAuthorization(header: string | undefined): Promise<GuestClaims | null> {
    const token = bearerOf(header);
    return token ? this.verifyGuestToken(token) : null;
  }

  /** Starts a new refresh-token family (a login) and its session, from this device. */
  async issuePair(subject: TokenSubject, device: ClientInfo | null = null): Promise<TokenPair> {
    const token = randomToken();
    const familyId = randomUUID();
    const sessionId = this.db.transaction((tx) => {
      insertRefreshToken(tx, {
        memberId: subject.id,
        familyId,
        tokenHash: sha256(token),
        expiresAt: refreshExpiry(),
      });
      return this.seen(tx, subject.id, familyId, device);
    });
    return { accessToken: await this.signAccessToken(subject, undefined, sessionId), refreshToken: token };
  }

  /** The family's session was seen now, from this device (null: keep what it had). */
  private seen(db: Db | Tx, memberId: number, familyId: string, device: ClientInfo | null): number {
    return sessionSeen(db, {
      memberId,
      familyId,
      userAgent: device?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      address: device?.address ?? null,
      at: new Date().toISOString(),
    });
  }

  /**
   * Exchanges a refresh token for a new pair. The successor is derived from the presented token
   * (an HMAC with a key of the server's), so presenting the same token again within
   * REFRESH_GRACE_MS (two tabs at once) yields the very same pair, without the server keeping any
   * token in clear. Later, a token that was already rotated is a sign of theft: its whole family
   * is revoked. A deactivated or not yet approved member gets nothing.
   */
  async rotate(refreshToken: string, device: ClientInfo | null = null): Promise<RefreshOutcome> {
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const successor = createHmac("sha256", this.successorKey).update(refreshToken).digest("base64url");
    const outcome = rotateRefreshToken(
      this.db,
      sha256(refreshToken),
      { tokenHash: sha256(successor), expiresAt: refreshExpiry() },
      now,
      new Date(nowMs - REFRESH_GRACE_MS).toISOString(),
    );
    if (outcome.status !== "rotated" && outcome.status !== "again")
      return { ok: false, reason: outcome.status };
    const rotatedAt = outcome.status === "again" ? Date.parse(outcome.rotatedAt) : nowMs;
    const subject = outcome.member;
    const sessionId = this.seen(this.db, subject.id, outcome.familyId, device);
    const accessToken = await this.signAccessToken(subject, Math.floor(rotatedAt / 1000), sessionId);
    return { ok: true, subject, pair: { accessToken, refreshToken: successor } };
  }

  /** Revokes the family of a refresh token (logout). Unknown tokens are ignored. */
  revoke(refreshToken: string): void {
    revokeRefreshTokenFamilyOf(this.db, sha256(refreshToken), new Date().toISOString());
  }
}

const refreshExpiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_MS).toISOString();

/** The token of an `Authorization: Bearer ...` header, or null. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

/**
 * Whether a bearer token SAYS it is a guest pass (its payload's audience), without checking it: enough
 * to refuse it where guests may not go (a 403 before anything runs); letting one in still verifies it.
 */
export function looksLikeGuestPass(header: string | undefined): boolean {
  const token = bearerOf(header);
  const payload = token?.split(".")[1];
  if (!payload || payload.length > 2000) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { aud?: unknown };
    return (
      claims.aud === GUEST_AUDIENCE || (Array.isArray(claims.aud) && claims.aud.includes(GUEST_AUDIENCE))
    );
  } catch {
    return false;
  }
}
