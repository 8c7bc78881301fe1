import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { guestCodes, guests, guestScores, meetingPhases, type Phase } from "../schema";
import { scorePartColumns } from "./night";

/**
 * Guests at the tasting table: the join code of a meeting, its guests and their scores,
 * and the host's phases. Knows no HTTP; the rules are in apps/server/src/features/guests.
 */

// ---- The join code ----

export const findGuestCodeByCode = (db: Db, code: string) =>
  db.select().from(guestCodes).where(eq(guestCodes.code, code)).get();

export const findGuestCode = (db: Db, meetingId: number) =>
  db.select().from(guestCodes).where(eq(guestCodes.meetingId, meetingId)).get();

/** Sets the meeting's code (a new one replaces the old). Throws SQLITE_CONSTRAINT_UNIQUE when another meeting has it. */
export function putGuestCode(db: Db, meetingId: number, code: string, expiresAt: string): void {
  db.insert(guestCodes)
    .values({ meetingId, code, expiresAt })
    .onConflictDoUpdate({
      target: guestCodes.meetingId,
      set: { code, expiresAt, createdAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` },
    })
    .run();
}

/** Closes joining; whether there was a code. */
export const deleteGuestCode = (db: Db, meetingId: number): boolean =>
  db.delete(guestCodes).where(eq(guestCodes.meetingId, meetingId)).run().changes > 0;

// ---- Guests ----

export const insertGuest = (
  db: Db,
  values: { meetingId: number; firstName: string; guestOf: string | null; email?: string | null },
) => db.insert(guests).values(values).returning().get();

export const findGuest = (db: Db, id: number) => db.select().from(guests).where(eq(guests.id, id)).get();
export type GuestRow = NonNullable<ReturnType<typeof findGuest>>;

export const countGuests = (db: Db, meetingId: number): number =>
  db.select({ n: count() }).from(guests).where(eq(guests.meetingId, meetingId)).get()?.n ?? 0;

/** A meeting's guests in the order they joined, with how many pours each scored. */
export const listGuests = (db: Db, meetingId: number) =>
  db
    .select({
      id: guests.id,
      firstName: guests.firstName,
      guestOf: guests.guestOf,
      joinedAt: guests.joinedAt,
      email: guests.email,
      invitedAt: guests.invitedAt,
      scored: sql<number>`(SELECT count(*) FROM guest_scores gs WHERE gs.guest_id = ${guests.id})`,
    })
    .from(guests)
    .where(eq(guests.meetingId, meetingId))
    .orderBy(asc(guests.joinedAt), asc(guests.id))
    .all();

/** A guest with their scores (the activity log's record of a removal). */
export function loadGuest(db: Db, id: number) {
  const guest = findGuest(db, id);
  if (!guest) return undefined;
  return { ...guest, scores: db.select().from(guestScores).where(eq(guestScores.guestId, id)).all() };
}

/** Removes a guest; their scores go with them (ON DELETE CASCADE). */
export const deleteGuest = (db: Db, id: number): boolean =>
  db.delete(guests).where(eq(guests.id, id)).run().changes > 0;

// ---- Guests' scores ----

export type GuestScoreValues = typeof guestScores.$inferInsert;

export function upsertGuestScore(db: Db, values: GuestScoreValues): void {
  const { meetingId: _m, bottleId: _b, guestId: _g, ...changes } = values;
  db.insert(guestScores)
    .values(values)
    .onConflictDoUpdate({
      target: [guestScores.meetingId, guestScores.bottleId, guestScores.guestId],
      set: changes,
    })
    .run();
}

/** A guest's score of one pour: the guest_scores row's key. */
export const guestScoreAt = (meetingId: number, bottleId: number, guestId: number) =>
  and(
    eq(guestScores.meetingId, meetingId),
    eq(guestScores.bottleId, bottleId),
    eq(guestScores.guestId, guestId),
  );

export const findGuestScore = (db: Db, meetingId: number, bottleId: number, guestId: number) =>
  db
    .select()
    .from(guestScores)
    .where(guestScoreAt(meetingId, bottleId, guestId))
    .get();

export const listGuestScoresAt = (db: Db, meetingId: number, guestId: number) =>
  db
    .select()
    .from(guestScores)
    .where(and(eq(guestScores.meetingId, meetingId), eq(guestScores.guestId, guestId)))
    .all();

/** Every guest's score of a meeting, with the guest's first name and whose guest they are. */
export const listMeetingGuestScores = (db: Db, meetingId: number) =>
  db
    .select({
      bottleId: guestScores.bottleId,
      guestId: guestScores.guestId,
      ...scorePartColumns(guestScores),
      firstName: guests.firstName,
      guestOf: guests.guestOf,
    })
    .from(guestScores)
    .innerJoin(guests, eq(guests.id, guestScores.guestId))
    .where(eq(guestScores.meetingId, meetingId))
    .all();
export type MeetingGuestScoreRow = ReturnType<typeof listMeetingGuestScores>[number];

// ---- The host's phases ----

export const findPhase = (db: Db, meetingId: number) =>
  db.select().from(meetingPhases).where(eq(meetingPhases.meetingId, meetingId)).get();

export function putPhase(
  db: Db,
  meetingId: number,
  value: { pour: number; phase: Phase | null; endsAt: string | null },
): void {
  const updatedAt = new Date().toISOString();
  db.insert(meetingPhases)
    .values({ meetingId, ...value, updatedAt })
    .onConflictDoUpdate({ target: meetingPhases.meetingId, set: { ...value, updatedAt } })
    .run();
}

export const deletePhase = (db: Db, meetingId: number): boolean =>
  db.delete(meetingPhases).where(eq(meetingPhases.meetingId, meetingId)).run().changes > 0;

/** Marks a guest invited to become a member; false when they were already (call inside the send's transaction). */
export const markGuestInvited = (db: Db, id: number, at: string): boolean =>
  db
    .update(guests)
    .set({ invitedAt: at })
    .where(and(eq(guests.id, id), isNull(guests.invitedAt)))
    .run().changes > 0;
