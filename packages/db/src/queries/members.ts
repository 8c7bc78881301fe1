import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../client";
import { emailConfirmationTokens, members, refreshTokens } from "../schema";

export type MemberRow = typeof members.$inferSelect;

export const findMemberByEmail = (db: Db, email: string): MemberRow | undefined =>
  db.select().from(members).where(eq(members.email, email)).get();

export const findMemberById = (db: Db, id: number): MemberRow | undefined =>
  db.select().from(members).where(eq(members.id, id)).get();

export function insertMember(
  db: Db,
  values: { email: string; passwordHash: string; firstName: string; lastName: string },
): MemberRow {
  return db.insert(members).values(values).returning().get();
}

export function insertConfirmationToken(
  db: Db,
  values: { memberId: number; tokenHash: string; expiresAt: string },
): void {
  db.insert(emailConfirmationTokens).values(values).run();
}

/** The member's confirmation token with this hash, if it exists (used or not). */
export const findConfirmationToken = (db: Db, memberId: number, tokenHash: string) =>
  db
    .select()
    .from(emailConfirmationTokens)
    .where(
      and(eq(emailConfirmationTokens.memberId, memberId), eq(emailConfirmationTokens.tokenHash, tokenHash)),
    )
    .get();

/** Marks the token used and the member confirmed, atomically; false if the token was already used. */
export function confirmMemberWithToken(db: Db, tokenId: number, memberId: number, now: string): boolean {
  return db.transaction((tx) => {
    const used = tx
      .update(emailConfirmationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmationTokens.id, tokenId), isNull(emailConfirmationTokens.usedAt)))
      .run();
    if (used.changes !== 1) return false;
    tx.update(members).set({ emailConfirmedAt: now }).where(eq(members.id, memberId)).run();
    return true;
  });
}

/** How many unexpired confirmation tokens the member was sent recently (for resend throttling). */
export const latestConfirmationToken = (db: Db, memberId: number, since: string) =>
  db
    .select({ createdAt: emailConfirmationTokens.createdAt })
    .from(emailConfirmationTokens)
    .where(and(eq(emailConfirmationTokens.memberId, memberId), gt(emailConfirmationTokens.createdAt, since)))
    .orderBy(desc(emailConfirmationTokens.createdAt))
    .get();

// ---- Admin command line (apps/server/src/admin) ----

export type MemberSummary = Pick<
  MemberRow,
  "id" | "email" | "firstName" | "lastName" | "emailConfirmedAt" | "createdAt"
>;

/** Every member, oldest first. */
export const listMembers = (db: Db): MemberSummary[] =>
  db
    .select({
      id: members.id,
      email: members.email,
      firstName: members.firstName,
      lastName: members.lastName,
      emailConfirmedAt: members.emailConfirmedAt,
      createdAt: members.createdAt,
    })
    .from(members)
    .orderBy(members.id)
    .all();

export const countMembers = (db: Db): number => db.select({ n: count() }).from(members).get()?.n ?? 0;

/** Confirms the member's address by hand (no token). False when it was already confirmed. */
export function markMemberConfirmed(db: Db, memberId: number, now: string): boolean {
  const result = db
    .update(members)
    .set({ emailConfirmedAt: now })
    .where(and(eq(members.id, memberId), isNull(members.emailConfirmedAt)))
    .run();
  return result.changes === 1;
}

/**
 * Sets a new password hash and revokes the member's live refresh tokens (one per logged-in
 * device; rotated and expired ones are unusable already). Returns how many were revoked.
 */
export function replaceMemberPassword(db: Db, memberId: number, passwordHash: string, now: string): number {
  return db.transaction((tx) => {
    tx.update(members).set({ passwordHash }).where(eq(members.id, memberId)).run();
    return tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.memberId, memberId),
          isNull(refreshTokens.revokedAt),
          isNull(refreshTokens.rotatedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .run().changes;
  });
}
