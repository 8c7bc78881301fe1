import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { preparedPerDb } from "../prepared";
import { memberSessions, refreshTokens } from "../schema";

// A session is a login on one device: its refresh-token family, with the device's user agent and
// address. It is live while the family holds a refresh token that is neither rotated, revoked nor
// expired; logging out, "log out everywhere", a stolen token presented again and a password change
// end it by revoking the family, with no state of its own to keep in step.

export type SessionRow = typeof memberSessions.$inferSelect;

export interface SessionSeen {
  memberId: number;
  familyId: string;
  userAgent: string | null;
  address: string | null;
  at: string;
}

/**
 * Records that the family's device was seen (a login, a refresh): the session is made on first
 * sight (a login, or the first refresh of a login from before sessions were kept), else its last
 * seen time, address and user agent move on. Returns its id.
 */
export function sessionSeen(db: Db | Tx, seen: SessionSeen): number {
  return db
    .insert(memberSessions)
    .values({
      memberId: seen.memberId,
      familyId: seen.familyId,
      userAgent: seen.userAgent,
      address: seen.address,
      createdAt: seen.at,
      lastSeenAt: seen.at,
    })
    .onConflictDoUpdate({
      target: memberSessions.familyId,
      set: { lastSeenAt: seen.at, userAgent: seen.userAgent, address: seen.address },
    })
    .returning({ id: memberSessions.id })
    .get().id;
}

const liveFamily = (now: string) =>
  sql`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.familyId} = ${memberSessions.familyId}
    AND ${refreshTokens.revokedAt} IS NULL AND ${refreshTokens.rotatedAt} IS NULL
    AND ${refreshTokens.expiresAt} > ${now})`;

/** A member's live sessions, the most recently seen first. */
export const listLiveSessions = (db: Db, memberId: number, now: string): SessionRow[] =>
  db
    .select()
    .from(memberSessions)
    .where(and(eq(memberSessions.memberId, memberId), liveFamily(now)))
    .orderBy(desc(memberSessions.lastSeenAt), desc(memberSessions.id))
    .all();

export const findSession = (db: Db, id: number): SessionRow | undefined =>
  db.select().from(memberSessions).where(eq(memberSessions.id, id)).get();

const endedSessionQuery = preparedPerDb((db) =>
  db
    .select({ id: memberSessions.id })
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.id, sql.placeholder("id")),
        sql`NOT EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.familyId} = ${memberSessions.familyId}
          AND ${refreshTokens.revokedAt} IS NULL AND ${refreshTokens.expiresAt} > ${sql.placeholder("now")})`,
      ),
    )
    .prepare(),
);

/**
 * Whether an access token's session has ended: its family holds no refresh token that is neither
 * revoked nor expired (a rotated token's successor keeps it on). A session that is not there (a
 * club restore replaced the database's sessions) has not: such tokens end with their 15 minutes,
 * as they did before sessions were kept. One prepared statement per request that names a session.
 */
export const sessionHasEnded = (db: Db, id: number, now: string): boolean =>
  endedSessionQuery(db).get({ id, now }) !== undefined;

/** Ends one session: its family's refresh tokens are revoked. */
export function endSession(db: Db, session: SessionRow, now: string): void {
  db.update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, session.familyId), isNull(refreshTokens.revokedAt)))
    .run();
}
