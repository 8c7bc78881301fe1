import { and, asc, desc, eq, max, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  bottles,
  brands,
  clubScoreRows,
  countries,
  drinkTypes,
  type guestScores,
  meetingBottles,
  meetings,
  members,
  rsvps,
  scores,
  states,
  themes,
  type RsvpStatus,
} from "../schema";
import { pourResultsShown, visiblePour } from "./secrecy";
import { meetingHostName } from "./host";
import { bottleListColumns } from "./bottles";

// ---- The meeting's night settings ----

export function findMeetingNight(db: Db, id: number) {
  return db
    .select({
      id: meetings.id,
      date: meetings.date,
      hostName: meetingHostName,
      themeId: meetings.themeId,
      createdBy: meetings.createdBy,
      hostMemberId: meetings.hostMemberId,
      capacity: meetings.capacity,
      blind: meetings.blind,
      scoringOpen: meetings.scoringOpen,
      guestsInClubScore: meetings.guestsInClubScore,
      liveResults: meetings.liveResults,
      hostFirstName: members.firstName,
      hostLastName: members.lastName,
    })
    .from(meetings)
    .leftJoin(members, eq(members.id, meetings.hostMemberId))
    .where(eq(meetings.id, id))
    .get();
}
export type MeetingNightRow = NonNullable<ReturnType<typeof findMeetingNight>>;

// ---- The flight ----

/**
 * The order of a meeting's flight, the meeting's one list of bottles: its place, then
 * when it was added; pours that share a place (rows from before flights had places) by name.
 * The flight, a pour's number and the meeting detail's bottlesSampled all read this order.
 */
export const flightOrder = () =>
  [
    asc(meetingBottles.position),
    asc(meetingBottles.createdAt),
    sql`(SELECT ${bottles.name} FROM ${bottles} WHERE ${bottles.id} = ${meetingBottles.bottleId}) COLLATE NOCASE`,
    asc(meetingBottles.bottleId),
  ] as const;
/** A meeting's pours in order, with their bottles (the caller hides what a blind night hides). */
export function listFlight(db: Db, meetingId: number) {
  return db
    .select({
      position: meetingBottles.position,
      pourMl: meetingBottles.pourMl,
      revealedAt: meetingBottles.revealedAt,
      drinkTypeId: bottles.drinkTypeId,
      stateId: bottles.stateId,
      bottle: bottleListColumns,
    })
    .from(meetingBottles)
    .innerJoin(bottles, eq(bottles.id, meetingBottles.bottleId))
    .leftJoin(brands, eq(brands.id, bottles.brandId))
    .leftJoin(drinkTypes, eq(drinkTypes.id, bottles.drinkTypeId))
    .leftJoin(countries, eq(countries.id, bottles.countryId))
    .leftJoin(states, eq(states.id, bottles.stateId))
    .where(eq(meetingBottles.meetingId, meetingId))
    .orderBy(...flightOrder())
    .all();
}
export type FlightRow = ReturnType<typeof listFlight>[number];

/** The next free place at the end of a meeting's flight. */
export const nextPourPosition = (db: Db, meetingId: number): number =>
  (db
    .select({ last: max(meetingBottles.position) })
    .from(meetingBottles)
    .where(eq(meetingBottles.meetingId, meetingId))
    .get()?.last ?? 0) + 1;

/**
 * The pour of a number, if any: a pour's number is its place (1, 2, 3... as the host sets the
 * flight; fixed once scoring has started, so a pour taken out then leaves its number unused).
 */
export function pourAt(db: Db, meetingId: number, pour: number) {
  return db
    .select({ bottleId: meetingBottles.bottleId, revealedAt: meetingBottles.revealedAt })
    .from(meetingBottles)
    .where(and(eq(meetingBottles.meetingId, meetingId), eq(meetingBottles.position, pour)))
    .get();
}

/** Whether anyone (a member or a guest) has scored a pour of the meeting: its dram numbers are fixed. */
export const scoringStarted = (db: Db, meetingId: number): boolean =>
  db.get<{ n: number } | undefined>(
    sql`SELECT 1 AS n FROM scores WHERE meeting_id = ${meetingId}
        UNION ALL SELECT 1 FROM guest_scores WHERE meeting_id = ${meetingId} LIMIT 1`,
  ) !== undefined;

// ---- RSVPs ----

export function listRsvps(db: Db, meetingId: number) {
  return (
    db
      .select({
        memberId: rsvps.memberId,
        status: rsvps.status,
        guests: rsvps.guests,
        goingSince: rsvps.goingSince,
        waitlisted: rsvps.waitlisted,
        firstName: members.firstName,
        lastName: members.lastName,
        email: members.email,
      })
      .from(rsvps)
      .innerJoin(members, eq(members.id, rsvps.memberId))
      .where(eq(rsvps.meetingId, meetingId))
      // Those going first, in the order they said so; then the others by name.
      .orderBy(
        sql`${rsvps.goingSince} IS NULL`,
        asc(rsvps.goingSince),
        asc(members.lastName),
        asc(members.firstName),
      )
      .all()
  );
}
export type RsvpRow = ReturnType<typeof listRsvps>[number];

export function upsertRsvp(
  db: Db,
  values: { meetingId: number; memberId: number; status: RsvpStatus; guests: number; now: string },
): void {
  const existing = db
    .select({ status: rsvps.status, goingSince: rsvps.goingSince })
    .from(rsvps)
    .where(and(eq(rsvps.meetingId, values.meetingId), eq(rsvps.memberId, values.memberId)))
    .get();
  // A member who was already going keeps their place in the queue.
  const goingSince =
    values.status === "going" ? (existing?.status === "going" ? existing.goingSince : values.now) : null;
  // Only a "going" answer waits (settleWaitlist sets the flag); any other leaves the waitlist.
  const stillWaiting = values.status === "going" ? {} : { waitlisted: false };
  db.insert(rsvps)
    .values({ ...values, goingSince, updatedAt: values.now })
    .onConflictDoUpdate({
      target: [rsvps.meetingId, rsvps.memberId],
      set: {
        status: values.status,
        guests: values.guests,
        goingSince,
        updatedAt: values.now,
        ...stillWaiting,
      },
    })
    .run();
}

export const setWaitlisted = (db: Db, meetingId: number, memberId: number, waitlisted: boolean): void => {
  db.update(rsvps)
    .set({ waitlisted })
    .where(and(eq(rsvps.meetingId, meetingId), eq(rsvps.memberId, memberId)))
    .run();
};

// ---- Scores ----

export interface ScoreValues {
  meetingId: number;
  bottleId: number;
  memberId: number;
  nose: number;
  palate: number;
  finish: number;
  balance: number;
  note: string;
  tags: string[];
  guessAbv: number | null;
  guessDrinkTypeId: number | null;
  guessStateId: number | null;
  updatedAt: string;
}

/** One member's score of one pour: written again when they change it, never twice. */
export function upsertScore(db: Db, values: ScoreValues): void {
  const { meetingId: _m, bottleId: _b, memberId: _p, ...changes } = values;
  db.insert(scores)
    .values(values)
    .onConflictDoUpdate({ target: [scores.meetingId, scores.bottleId, scores.memberId], set: changes })
    .run();
}

/**
 * The parts of a score as columns to select, of a member's score or a guest's (the schema's
 * scoreParts, listed once for both tables): four parts, note, tags, guess and when it changed.
 */
export const scorePartColumns = <T extends typeof scores | typeof guestScores>(table: T) => ({
  nose: table.nose,
  palate: table.palate,
  finish: table.finish,
  balance: table.balance,
  note: table.note,
  tags: table.tags,
  guessAbv: table.guessAbv,
  guessDrinkTypeId: table.guessDrinkTypeId,
  guessStateId: table.guessStateId,
  updatedAt: table.updatedAt,
});

const scoreColumns = { bottleId: scores.bottleId, memberId: scores.memberId, ...scorePartColumns(scores) };

/** Every score of a meeting with its member's name. */
export const listMeetingScores = (db: Db, meetingId: number) =>
  db
    .select({ ...scoreColumns, firstName: members.firstName, lastName: members.lastName })
    .from(scores)
    .innerJoin(members, eq(members.id, scores.memberId))
    .where(eq(scores.meetingId, meetingId))
    .all();
export type MeetingScoreRow = ReturnType<typeof listMeetingScores>[number];

export const listMemberScoresAt = (db: Db, meetingId: number, memberId: number) =>
  db
    .select(scoreColumns)
    .from(scores)
    .where(and(eq(scores.meetingId, meetingId), eq(scores.memberId, memberId)))
    .all();

/** A member's tasting journal: every pour they scored, newest first, with its place in the flight. */
export function listTastings(db: Db, memberId: number, limit = 500) {
  return db
    .select({
      meetingId: meetings.id,
      date: meetings.date,
      theme: themes.description,
      blind: meetings.blind,
      revealedAt: meetingBottles.revealedAt,
      position: meetingBottles.position,
      score: scoreColumns,
      bottle: bottleListColumns,
    })
    .from(scores)
    .innerJoin(meetings, eq(meetings.id, scores.meetingId))
    .innerJoin(themes, eq(themes.id, meetings.themeId))
    .innerJoin(
      meetingBottles,
      and(eq(meetingBottles.meetingId, scores.meetingId), eq(meetingBottles.bottleId, scores.bottleId)),
    )
    .innerJoin(bottles, eq(bottles.id, scores.bottleId))
    .leftJoin(brands, eq(brands.id, bottles.brandId))
    .leftJoin(drinkTypes, eq(drinkTypes.id, bottles.drinkTypeId))
    .leftJoin(countries, eq(countries.id, bottles.countryId))
    .leftJoin(states, eq(states.id, bottles.stateId))
    .where(eq(scores.memberId, memberId))
    .orderBy(desc(meetings.date), desc(scores.updatedAt))
    .limit(limit)
    .all();
}

/**
 * Where a bottle was poured, visibly (never an unrevealed blind pour), with the club's average each
 * time: the scores that count in a club score (club_score_rows: members', and guests' where the host
 * counts them).
 */
export function listBottlePours(db: Db, bottleId: number) {
  return db
    .select({
      meetingId: meetings.id,
      date: meetings.date,
      theme: themes.description,
      // The night's average only once its results show (a pour still being scored anchors nobody).
      average: sql<number | null>`CASE WHEN ${pourResultsShown} THEN avg(${clubScoreRows.total}) END`,
      count: sql<number>`count(${clubScoreRows.total})`,
    })
    .from(meetingBottles)
    .innerJoin(meetings, eq(meetings.id, meetingBottles.meetingId))
    .innerJoin(themes, eq(themes.id, meetings.themeId))
    .leftJoin(
      clubScoreRows,
      and(
        eq(clubScoreRows.meetingId, meetingBottles.meetingId),
        eq(clubScoreRows.bottleId, meetingBottles.bottleId),
      ),
    )
    .where(and(eq(meetingBottles.bottleId, bottleId), visiblePour))
    .groupBy(meetings.id)
    .orderBy(desc(meetings.date))
    .all();
}

/** Each bottle's average total over every visible pour that was scored (club_score_rows: see the schema). */
export function listClubScores(db: Db) {
  return db
    .select({
      bottleId: clubScoreRows.bottleId,
      clubScore: sql<number>`avg(${clubScoreRows.total})`,
      count: sql<number>`count(*)`,
    })
    .from(clubScoreRows)
    .innerJoin(meetings, eq(meetings.id, clubScoreRows.meetingId))
    .innerJoin(
      meetingBottles,
      and(
        eq(meetingBottles.meetingId, clubScoreRows.meetingId),
        eq(meetingBottles.bottleId, clubScoreRows.bottleId),
      ),
    )
    .where(pourResultsShown)
    .groupBy(clubScoreRows.bottleId)
    .all();
}
