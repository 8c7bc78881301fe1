import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { members, refreshTokens } from "../schema";

// Refresh tokens are stored by their SHA-256 hash only; hashing and token generation live in the
// server (apps/server/src/platform/tokens.ts).

export interface NewRefreshToken {
  memberId: number;
  /** All tokens rotated from one login share a family; reuse of a rotated one revokes the family. */
  familyId: string;
  tokenHash: string;
  expiresAt: string;
}

export function insertRefreshToken(db: Db | Tx, values: NewRefreshToken): void {
  db.insert(refreshTokens).values(values).run();
}

/** Revokes every not yet revoked token of the family; returns how many were revoked. */
export const revokeRefreshTokenFamily = (db: Db | Tx, familyId: string, now: string): number =>
  db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .run().changes;

export interface RotatedFor {
  id: number;
  email: string;
  tokenVersion: number;
}

export type RefreshTokenRotation =
  | { status: "unknown" | "revoked" | "reused" | "expired" | "inactive" }
  | { status: "rotated"; member: RotatedFor; familyId: string }
  /** Presented again within the grace window: `next` (the same successor) is still valid. */
  | { status: "again"; member: RotatedFor; rotatedAt: string; familyId: string };

/**
 * Exchanges the refresh token with hash `tokenHash` for `next`, in one transaction: the presented
 * token is marked rotated and `next` joins its family, for the same member. Nothing changes when
 * the token is unknown, revoked or expired (checked in that order), except that a token that was
 * already rotated is a sign of theft: its whole family is revoked, the member's access tokens end
 * (their token version goes up) and the outcome is "reused".
 */
export function rotateRefreshToken(
  db: Db,
  tokenHash: string,
  next: { tokenHash: string; expiresAt: string },
  now: string,
  /** A token rotated after this instant may be presented again and yields the same successor. */
  graceSince = now,
): RefreshTokenRotation {
  return db.transaction((tx): RefreshTokenRotation => {
    const row = tx
      .select({
        id: refreshTokens.id,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        rotatedAt: refreshTokens.rotatedAt,
        revokedAt: refreshTokens.revokedAt,
        memberId: members.id,
        email: members.email,
        tokenVersion: members.tokenVersion,
        memberStatus: members.status,
        confirmedAt: members.emailConfirmedAt,
      })
      .from(refreshTokens)
      .innerJoin(members, eq(members.id, refreshTokens.memberId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .get();
    if (!row) return { status: "unknown" };
    if (row.revokedAt) return { status: "revoked" };
    const member = { id: row.memberId, email: row.email, tokenVersion: row.tokenVersion };
    if (!row.confirmedAt || row.memberStatus !== "active") return { status: "inactive" };
    if (row.rotatedAt) {
      // Two tabs refreshing with the same token at once: within the grace window the second one
      // gets the same successor, as long as that one is still unused.
      if (row.rotatedAt > graceSince) {
        const successor = tx
          .select({ rotatedAt: refreshTokens.rotatedAt, revokedAt: refreshTokens.revokedAt })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.tokenHash, next.tokenHash), eq(refreshTokens.familyId, row.familyId)))
          .get();
        if (successor && !successor.rotatedAt && !successor.revokedAt)
          return { status: "again", member, rotatedAt: row.rotatedAt, familyId: row.familyId };
      }
      revokeRefreshTokenFamily(tx, row.familyId, now);
      // The thief may hold an access token of the family too: the member's version goes up, so
      // every access token of theirs ends now (their other devices get new ones at their next refresh).
      tx.update(members)
        .set({ tokenVersion: sql`${members.tokenVersion} + 1` })
        .where(eq(members.id, row.memberId))
        .run();
      return { status: "reused" };
    }
    if (row.expiresAt <= now) return { status: "expired" };
    tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id)).run();
    insertRefreshToken(tx, { memberId: row.memberId, familyId: row.familyId, ...next });
    return { status: "rotated", member, familyId: row.familyId };
  });
}

/**
 * Revokes the family of the token with this hash (logout). False when no token has this hash;
 * revoking an already revoked family changes nothing.
 */
export function revokeRefreshTokenFamilyOf(db: Db, tokenHash: string, now: string): boolean {
  const row = db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .get();
  if (!row) return false;
  revokeRefreshTokenFamily(db, row.familyId, now);
  return true;
}
