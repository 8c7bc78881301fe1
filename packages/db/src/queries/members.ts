import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { updateMemberRow } from "./memberRow";
import { preparedPerDb } from "../prepared";
import {
  emailConfirmationTokens,
  invites,
  members,
  passwordResetTokens,
  refreshTokens,
  type MemberStatus,
  type Role,
} from "../schema";

export type MemberRow = typeof members.$inferSelect;

/** The member (confirmed address) with this email. */
export const findMemberByEmail = (db: Db, email: string): MemberRow | undefined =>
  db
    .select()
    .from(members)
    .where(and(eq(members.email, email), isNotNull(members.emailConfirmedAt)))
    .get();

/** Registrations of this address not confirmed yet, newest first. */
export const findRegistrations = (db: Db, email: string, limit = 5): MemberRow[] =>
  db
    .select()
    .from(members)
    .where(and(eq(members.email, email), isNull(members.emailConfirmedAt)))
    .orderBy(desc(members.id))
    .limit(limit)
    .all();

export const findMemberById = (db: Db, id: number): MemberRow | undefined =>
  db.select().from(members).where(eq(members.id, id)).get();

const memberAuthQuery = preparedPerDb((db) =>
  db
    .select({
      id: members.id,
      email: members.email,
      role: members.role,
      status: members.status,
      tokenVersion: members.tokenVersion,
      emailConfirmedAt: members.emailConfirmedAt,
    })
    .from(members)
    .where(eq(members.id, sql.placeholder("id")))
    .prepare(),
);

/** What every authenticated request checks: one prepared statement. */
export const findMemberAuth = (db: Db, id: number) => memberAuthQuery(db).get({ id });

export function insertMember(
  db: Db,
  values: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    role?: Role;
    status?: MemberStatus;
    emailConfirmedAt?: string | null;
    inviteId?: number | null;
    oidcSubject?: string | null;
  },
): MemberRow {
  return db.insert(members).values(values).returning().get();
}

/** Confirmed admins who can still act. */
export const countActiveAdmins = (db: Db): number =>
  db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.role, "admin"), eq(members.status, "active"), isNotNull(members.emailConfirmedAt)))
    .get()?.n ?? 0;

/** Emails of the admins who can act (approval notices). */
export const listActiveAdminEmails = (db: Db): string[] =>
  db
    .select({ email: members.email })
    .from(members)
    .where(and(eq(members.role, "admin"), eq(members.status, "active"), isNotNull(members.emailConfirmedAt)))
    .all()
    .map((r) => r.email);

export const setMemberStatus = (db: Db, id: number, status: MemberStatus): void =>
  updateMemberRow(db, id, { status });

export const setMemberRole = (db: Db, id: number, role: Role): void => updateMemberRow(db, id, { role });

export const updateMemberProfile = (
  db: Db,
  id: number,
  values: { firstName: string; lastName: string },
): void => updateMemberRow(db, id, values);

/**
 * Ends every session of a member at once: access tokens carry the version raised here (checked on
 * every authenticated request) and every live refresh token is revoked.
 */
export function endMemberSessions(db: Db, memberId: number, now: string): void {
  db.update(members)
    .set({ tokenVersion: sql`${members.tokenVersion} + 1` })
    .where(eq(members.id, memberId))
    .run();
  db.update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt)))
    .run();
}

/** Deletes a registration that is not a member (rejected or superseded); confirmed members stay. */
export const deleteRegistration = (db: Db, id: number): void => {
  db.delete(members)
    .where(and(eq(members.id, id), ne(members.status, "active")))
    .run();
};

/**
 * Removes the registrations never confirmed that were made before `before` (at most `limit`), with
 * their tokens; how many. One that came with an invite stays (the invite is used up, and a new
 * registration could not use it again).
 */
export function deleteStaleRegistrations(db: Db, before: string, limit: number): number {
  const stale = and(
    isNull(members.emailConfirmedAt),
    isNull(members.inviteId),
    lt(members.createdAt, before),
  );
  const ids = db
    .select({ id: members.id })
    .from(members)
    .where(stale)
    .orderBy(asc(members.id))
    .limit(limit)
    .all()
    .map((row) => row.id);
  if (ids.length > 0)
    db.delete(members)
      .where(and(inArray(members.id, ids), stale))
      .run();
  return ids.length;
}

// ---- Invites and password resets ----

export const insertInvite = (
  db: Db,
  values: { tokenHash: string; email: string | null; createdBy: number | null; expiresAt: string },
) => db.insert(invites).values(values).returning().get();

export const findInviteByHash = (db: Db, tokenHash: string) =>
  db.select().from(invites).where(eq(invites.tokenHash, tokenHash)).get();

/** The invites neither used nor expired at `now`, newest first, with their maker's name. */
export const listOpenInvites = (db: Db, now: string) =>
  db
    .select({
      id: invites.id,
      email: invites.email,
      createdAt: invites.createdAt,
      expiresAt: invites.expiresAt,
      makerFirst: members.firstName,
      makerLast: members.lastName,
    })
    .from(invites)
    .leftJoin(members, eq(members.id, invites.createdBy))
    .where(and(isNull(invites.usedAt), gt(invites.expiresAt, now)))
    .orderBy(desc(invites.id))
    .all();

export const findInviteById = (db: Db, id: number) =>
  db.select().from(invites).where(eq(invites.id, id)).get();

/** Deletes an invite that was never used; false when there is none (used ones stay: members name them). */
export const deleteOpenInvite = (db: Db, id: number): boolean =>
  db
    .delete(invites)
    .where(and(eq(invites.id, id), isNull(invites.usedAt)))
    .run().changes === 1;

/** Marks an invite used; false when it already was (single use). */
export const markInviteUsed = (db: Db, id: number, now: string): boolean =>
  db
    .update(invites)
    .set({ usedAt: now })
    .where(and(eq(invites.id, id), isNull(invites.usedAt)))
    .run().changes === 1;

export const insertPasswordResetToken = (
  db: Db,
  values: { memberId: number; tokenHash: string; expiresAt: string },
): void => {
  db.insert(passwordResetTokens).values(values).run();
};

export const findPasswordResetToken = (db: Db, memberId: number, tokenHash: string) =>
  db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.memberId, memberId), eq(passwordResetTokens.tokenHash, tokenHash)))
    .get();

/** Marks a reset link used; false when it already was. */
export const markPasswordResetUsed = (db: Db, id: number, now: string): boolean =>
  db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .run().changes === 1;

/** The newest reset link sent to a member after `since` (throttling). */
export const latestPasswordResetToken = (db: Db, memberId: number, since: string) =>
  db
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.memberId, memberId), gt(passwordResetTokens.createdAt, since)))
    .get();

export function insertConfirmationToken(
  db: Db,
  values: { memberId: number; tokenHash: string; expiresAt: string },
): void {
  db.insert(emailConfirmationTokens).values(values).run();
}

/** The confirmation token with this hash, if it exists (used or not). */
export const findConfirmationTokenByHash = (db: Db, tokenHash: string) =>
  db.select().from(emailConfirmationTokens).where(eq(emailConfirmationTokens.tokenHash, tokenHash)).get();

/**
 * Marks the token used and confirms the registration it was sent for, with the status and role it
 * gets, atomically; the address's other unconfirmed registrations go. False if the token was
 * already used.
 */
export function confirmMemberWithToken(
  db: Db,
  tokenId: number,
  member: { id: number; email: string },
  now: string,
  values: { status: MemberStatus; role: Role },
): boolean {
  return db.transaction((tx) => {
    const used = tx
      .update(emailConfirmationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmationTokens.id, tokenId), isNull(emailConfirmationTokens.usedAt)))
      .run();
    if (used.changes !== 1) return false;
    tx.update(members)
      .set({ emailConfirmedAt: now, ...values })
      .where(eq(members.id, member.id))
      .run();
    tx.delete(members)
      .where(
        and(eq(members.email, member.email), isNull(members.emailConfirmedAt), ne(members.id, member.id)),
      )
      .run();
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
  "id" | "email" | "firstName" | "lastName" | "emailConfirmedAt" | "createdAt" | "role" | "status"
>;

/** Every member and registration, oldest first. */
export const listMembers = (db: Db): MemberSummary[] =>
  db
    .select({
      id: members.id,
      email: members.email,
      firstName: members.firstName,
      lastName: members.lastName,
      emailConfirmedAt: members.emailConfirmedAt,
      createdAt: members.createdAt,
      role: members.role,
      status: members.status,
    })
    .from(members)
    .orderBy(members.id)
    .all();

export const countMembers = (db: Db): number => db.select({ n: count() }).from(members).get()?.n ?? 0;

/**
 * Confirms a registration by hand (no token), with the status and role it gets; the address's other
 * unconfirmed registrations go. False when it was already confirmed.
 */
export function markMemberConfirmed(
  db: Db,
  member: { id: number; email: string },
  now: string,
  values: { status: MemberStatus; role?: Role },
): boolean {
  return db.transaction(() => {
    const result = db
      .update(members)
      .set({ emailConfirmedAt: now, ...values })
      .where(and(eq(members.id, member.id), isNull(members.emailConfirmedAt)))
      .run();
    if (result.changes !== 1) return false;
    db.delete(members)
      .where(
        and(eq(members.email, member.email), isNull(members.emailConfirmedAt), ne(members.id, member.id)),
      )
      .run();
    return true;
  });
}

/**
 * Sets a new password hash and ends the member's sessions: access tokens stop working at once
 * (the token version goes up) and the live refresh tokens are revoked (one per logged-in device;
 * rotated and expired ones are unusable already). Returns how many were revoked.
 */
export function replaceMemberPassword(db: Db, memberId: number, passwordHash: string, now: string): number {
  return db.transaction((tx) => {
    tx.update(members)
      .set({ passwordHash, tokenVersion: sql`${members.tokenVersion} + 1` })
      .where(eq(members.id, memberId))
      .run();
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
