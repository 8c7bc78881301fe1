import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../client";
import { memberTotp, totpRecoveryCodes } from "../schema";

// Two-factor sign-in's rows. The secret arrives encrypted and the recovery codes hashed: making,
// encrypting and checking them lives in the server (apps/server/src/features/totp).

export type MemberTotpRow = typeof memberTotp.$inferSelect;

export const findMemberTotp = (db: Db, memberId: number): MemberTotpRow | undefined =>
  db.select().from(memberTotp).where(eq(memberTotp.memberId, memberId)).get();

/** Whether the member's sign-in asks for a second factor (a setup waiting for its code does not). */
export const hasTwoFactors = (db: Db, memberId: number): boolean =>
  findMemberTotp(db, memberId)?.enabledAt != null;

/** A new setup (or a setup again, before it is enabled): the secret, not enabled yet. */
export function startTotpSetup(db: Db, memberId: number, secret: string, at: string): void {
  db.insert(memberTotp)
    .values({ memberId, secret, enabledAt: null, lastStep: null, createdAt: at })
    .onConflictDoUpdate({
      target: memberTotp.memberId,
      set: { secret, enabledAt: null, lastStep: null, createdAt: at },
    })
    .run();
}

/** Turns the setup on with its first code's step and replaces the recovery codes. */
export function enableTotp(db: Db, memberId: number, step: number, codeHashes: string[], at: string): void {
  db.update(memberTotp).set({ enabledAt: at, lastStep: step }).where(eq(memberTotp.memberId, memberId)).run();
  db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.memberId, memberId)).run();
  for (const codeHash of codeHashes) db.insert(totpRecoveryCodes).values({ memberId, codeHash }).run();
}

/**
 * Claims a code's time step: true when it is later than the last one accepted (and now is the
 * last), false when that step or a later one was used already, so a code works once.
 */
export function claimTotpStep(db: Db, memberId: number, step: number): boolean {
  const row = findMemberTotp(db, memberId);
  if (!row || (row.lastStep !== null && row.lastStep >= step)) return false;
  db.update(memberTotp).set({ lastStep: step }).where(eq(memberTotp.memberId, memberId)).run();
  return true;
}

/** Uses a recovery code (by its hash) once: true when it was the member's and unused. */
export function useRecoveryCode(db: Db, memberId: number, codeHash: string, at: string): boolean {
  const result = db
    .update(totpRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(totpRecoveryCodes.memberId, memberId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .run();
  return result.changes > 0;
}

/** Recovery codes the member has not used yet. */
export const unusedRecoveryCodes = (db: Db, memberId: number): number =>
  db
    .select({ id: totpRecoveryCodes.id })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.memberId, memberId), isNull(totpRecoveryCodes.usedAt)))
    .all().length;

/** Turns two-factor sign-in off: the secret and the recovery codes go. True when there was one. */
export function removeTotp(db: Db, memberId: number): boolean {
  db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.memberId, memberId)).run();
  return db.delete(memberTotp).where(eq(memberTotp.memberId, memberId)).run().changes > 0;
}

/**
 * What the club's requirement of two factors needs of a member, in one statement: whether the
 * club requires it, whether the member has two factors, and the member's password hash (a member
 * who cannot sign in with a password meets it through single sign-on).
 */
export function twoFactorStanding(
  db: Db,
  memberId: number,
): { required: boolean; enabled: boolean; passwordHash: string | null } {
  const row = db.$client
    .prepare(
      `SELECT (SELECT two_factor_required FROM club_identity WHERE id = 1) AS required,
              EXISTS (SELECT 1 FROM member_totp WHERE member_id = @id AND enabled_at IS NOT NULL) AS enabled,
              (SELECT password_hash FROM members WHERE id = @id) AS passwordHash`,
    )
    .get({ id: memberId }) as { required: number | null; enabled: number; passwordHash: string | null };
  return { required: row.required === 1, enabled: row.enabled === 1, passwordHash: row.passwordHash };
}
