import { createHash, randomBytes, randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { insertRefreshToken, revokeRefreshTokenFamilyOf, rotateRefreshToken, type Db } from "@club/db";
import type { TokenPair } from "@club/shared";
import type { AuthUser } from "../api/context";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = "whiskey-club";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const randomToken = () => randomBytes(32).toString("base64url");

export type RefreshOutcome =
  | { ok: true; pair: TokenPair; user: AuthUser }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

/** Access tokens are short-lived JWTs; refresh tokens are opaque, stored hashed and rotated. */
export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  async signAccessToken(user: AuthUser): Promise<string> {
    return new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.secret);
  }

  /** The user of a valid access token, or null (bad signature, other alg, expired, malformed). */
  async verifyAccessToken(token: string): Promise<AuthUser | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ["HS256"],
        issuer: ISSUER,
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || id <= 0 || typeof payload.email !== "string") return null;
      return { id, email: payload.email };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  async userFromAuthorization(header: string | undefined): Promise<AuthUser | null> {
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return null;
    return this.verifyAccessToken(match[1]);
  }

  /** Starts a new refresh-token family (a login). */
  async issuePair(user: AuthUser): Promise<TokenPair> {
    const { token, tokenHash, expiresAt } = newRefreshToken();
    insertRefreshToken(this.db, { memberId: user.id, familyId: randomUUID(), tokenHash, expiresAt });
    return { accessToken: await this.signAccessToken(user), refreshToken: token };
  }

  /**
   * Exchanges a refresh token for a new pair. A token that was already rotated is a sign of
   * theft: its whole family is revoked.
   */
  async rotate(refreshToken: string): Promise<RefreshOutcome> {
    const now = new Date().toISOString();
    const { token, tokenHash, expiresAt } = newRefreshToken();
    const outcome = rotateRefreshToken(this.db, sha256(refreshToken), { tokenHash, expiresAt }, now);
    if (outcome.status !== "rotated") return { ok: false, reason: outcome.status };
    const user: AuthUser = outcome.member;
    return { ok: true, user, pair: { accessToken: await this.signAccessToken(user), refreshToken: token } };
  }

  /** Revokes the family of a refresh token (logout). Unknown tokens are ignored. */
  revoke(refreshToken: string): void {
    revokeRefreshTokenFamilyOf(this.db, sha256(refreshToken), new Date().toISOString());
  }
}

/** A fresh opaque refresh token, the hash it is stored under, and its expiry. */
function newRefreshToken(): { token: string; tokenHash: string; expiresAt: string } {
  const token = randomToken();
  return {
    token,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS).toISOString(),
  };
}
