import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { members, refreshTokens, type Db } from "@club/db";
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
    const refreshToken = this.storeRefreshToken(user.id, randomUUID());
    return { accessToken: await this.signAccessToken(user), refreshToken };
  }

  private storeRefreshToken(memberId: number, familyId: string): string {
    const token = randomToken();
    this.db
      .insert(refreshTokens)
      .values({
        memberId,
        familyId,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS).toISOString(),
      })
      .run();
    return token;
  }

  /**
   * Exchanges a refresh token for a new pair. A token that was already rotated is a sign of
   * theft: its whole family is revoked.
   */
  async rotate(refreshToken: string): Promise<RefreshOutcome> {
    const now = new Date().toISOString();
    const outcome = this.db.transaction(
      (tx): RefreshOutcome | { ok: "rotated"; user: AuthUser; token: string } => {
        const row = tx
          .select({
            id: refreshTokens.id,
            familyId: refreshTokens.familyId,
            expiresAt: refreshTokens.expiresAt,
            rotatedAt: refreshTokens.rotatedAt,
            revokedAt: refreshTokens.revokedAt,
            memberId: members.id,
            email: members.email,
          })
          .from(refreshTokens)
          .innerJoin(members, eq(members.id, refreshTokens.memberId))
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
          .get();
        if (!row) return { ok: false, reason: "unknown" };
        if (row.revokedAt) return { ok: false, reason: "revoked" };
        if (row.rotatedAt) {
          tx.update(refreshTokens)
            .set({ revokedAt: now })
            .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
            .run();
          return { ok: false, reason: "reused" };
        }
        if (row.expiresAt <= now) return { ok: false, reason: "expired" };
        tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id)).run();
        const token = this.storeRefreshToken(row.memberId, row.familyId);
        return { ok: "rotated", user: { id: row.memberId, email: row.email }, token };
      },
    );
    if (outcome.ok !== "rotated") return outcome;
    return {
      ok: true,
      user: outcome.user,
      pair: { accessToken: await this.signAccessToken(outcome.user), refreshToken: outcome.token },
    };
  }

  /** Revokes the family of a refresh token (logout). Unknown tokens are ignored. */
  revoke(refreshToken: string): void {
    const row = this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .get();
    if (!row) return;
    this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
      .run();
  }
}
