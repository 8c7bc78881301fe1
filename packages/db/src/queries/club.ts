import { and, asc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { meetingHostName } from "./host";
import { updateMemberRow } from "./memberRow";
import {
  activity,
  bottles,
  meetingBottles,
  meetingCancellations,
  meetings,
  members,
  notificationsSent,
  rsvps,
  themes,
} from "../schema";

// ---- The calendar ----

/**
 * A meeting's edit count for the calendar's SEQUENCE: every logged change to the meeting or its
 * line-up after its creation (the activity log only grows, so it never goes down, undo included).
 */
function editCounts(db: Db, meetingId?: number): Map<number, number> {
  const own = db
    .select({ id: activity.entityId, n: sql<number>`count(*)` })
    .from(activity)
    .where(
      and(
        eq(activity.entity, "meeting"),
        meetingId === undefined ? undefined : eq(activity.entityId, String(meetingId)),
      ),
    )
    .groupBy(activity.entityId)
    .all();
  const lineUp = db
    .select({
      id: sql<string>`substr(${activity.entityId}, 1, instr(${activity.entityId}, ':') - 1)`,
      n: sql<number>`count(*)`,
    })
    .from(activity)
    .where(
      and(
        eq(activity.entity, "meetingBottle"),
        meetingId === undefined ? undefined : sql`${activity.entityId} LIKE ${`${meetingId}:%`}`,
      ),
    )
    .groupBy(sql`1`)
    .all();
  const counts = new Map<number, number>();
  for (const row of own) counts.set(Number(row.id), (counts.get(Number(row.id)) ?? 0) + row.n - 1);
  for (const row of lineUp) counts.set(Number(row.id), (counts.get(Number(row.id)) ?? 0) + row.n);
  return counts;
}

export interface CalendarMeetingRow {
  id: number;
  date: string;
  hostName: string;
  theme: string;
  blind: boolean;
  sequence: number;
  /** In flight order, with when each pour was revealed (a blind night's). */
  lineUp: { name: string; revealedAt: string | null; position: number }[];
}

/** Every meeting (or one) with what its calendar event shows: one row per pour (one for a meeting without). */
export function listCalendarMeetings(db: Db, meetingId?: number): CalendarMeetingRow[] {
  const rows = db
    .select({
      id: meetings.id,
      date: meetings.date,
      hostName: meetingHostName,
      theme: themes.description,
      blind: meetings.blind,
      pour: { name: bottles.name, revealedAt: meetingBottles.revealedAt, position: meetingBottles.position },
    })
    .from(meetings)
    .innerJoin(themes, eq(themes.id, meetings.themeId))
    .leftJoin(meetingBottles, eq(meetingBottles.meetingId, meetings.id))
    .leftJoin(bottles, eq(bottles.id, meetingBottles.bottleId))
    .where(meetingId === undefined ? undefined : eq(meetings.id, meetingId))
    .orderBy(asc(meetings.date), asc(meetings.id), asc(meetingBottles.position), asc(bottles.name))
    .all();
  const counts = editCounts(db, meetingId);
  const calendar: CalendarMeetingRow[] = [];
  for (const { pour, ...meeting } of rows) {
    let last = calendar.at(-1);
    if (last?.id !== meeting.id) {
      last = { ...meeting, sequence: counts.get(meeting.id) ?? 0, lineUp: [] };
      calendar.push(last);
    }
    if (pour.name !== null)
      last.lineUp.push({ name: pour.name, revealedAt: pour.revealedAt, position: pour.position ?? 0 });
  }
  return calendar;
}

/** Deleted meetings the feed still shows as cancelled (those an undo brought back excluded). */
export const listMeetingCancellations = (db: Db, meetingId?: number) =>
  db
    .select()
    .from(meetingCancellations)
    .where(
      and(
        sql`NOT EXISTS (SELECT 1 FROM ${meetings} WHERE ${meetings.id} = ${meetingCancellations.meetingId})`,
        meetingId === undefined ? undefined : eq(meetingCancellations.meetingId, meetingId),
      ),
    )
    .all();

/** Called in a meeting deletion's transaction. */
export function recordMeetingCancellation(
  db: Db,
  meeting: { id: number; date: string; summary: string },
): void {
  const sequence = (editCounts(db, meeting.id).get(meeting.id) ?? 0) + 1;
  db.insert(meetingCancellations)
    .values({ meetingId: meeting.id, date: meeting.date, summary: meeting.summary, sequence })
    .onConflictDoUpdate({
      target: meetingCancellations.meetingId,
      set: { date: meeting.date, summary: meeting.summary, sequence, cancelledAt: new Date().toISOString() },
    })
    .run();
}

/** The first meeting on or after a date. */
export const findMeetingOnOrAfter = (db: Db, date: string) =>
  db
    .select({ id: meetings.id, date: meetings.date })
    .from(meetings)
    .where(gte(meetings.date, date))
    .orderBy(asc(meetings.date), asc(meetings.id))
    .get();

/** Meetings whose date lies in [from, to]. */
export const listMeetingsBetween = (db: Db, from: string, to: string) =>
  db
    .select({ id: meetings.id, date: meetings.date, hostName: meetingHostName, theme: themes.description })
    .from(meetings)
    .innerJoin(themes, eq(themes.id, meetings.themeId))
    .where(and(gte(meetings.date, from), sql`${meetings.date} <= ${to}`))
    .orderBy(asc(meetings.date))
    .all();

// ---- Reminders ----

/** Active members who want meeting emails and have not declined this meeting. */
export const listMembersToRemind = (db: Db, meetingId: number) =>
  db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(members)
    .leftJoin(rsvps, and(eq(rsvps.memberId, members.id), eq(rsvps.meetingId, meetingId)))
    .where(
      and(
        isNotNull(members.emailConfirmedAt),
        eq(members.status, "active"),
        eq(members.meetingReminders, true),
        sql`(${rsvps.status} IS NULL OR ${rsvps.status} != 'declined')`,
      ),
    )
    .all();

/** Active members who want meeting emails (notices of a new or changed meeting). */
export const listMembersForNotices = (db: Db) =>
  db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(members)
    .where(
      and(
        isNotNull(members.emailConfirmedAt),
        eq(members.status, "active"),
        eq(members.meetingReminders, true),
      ),
    )
    .all();

/** Claims a notification for a member; false if it was already sent (call inside the send's transaction). */
export const claimNotification = (db: Db, memberId: number, key: string): boolean =>
  db.insert(notificationsSent).values({ memberId, key }).onConflictDoNothing().run().changes > 0;

// ---- Preferences ----

export const findPreferences = (db: Db, memberId: number) =>
  db
    .select({ meetingReminders: members.meetingReminders, duesReminders: members.duesReminders })
    .from(members)
    .where(eq(members.id, memberId))
    .get();

export const updatePreferences = (
  db: Db,
  memberId: number,
  values: { meetingReminders: boolean; duesReminders: boolean },
): void => updateMemberRow(db, memberId, values);

// ---- Language ----

/** The member's own language (null: the club's), undefined for no such member. */
export const findMemberLanguage = (db: Db, memberId: number): string | null | undefined =>
  db.select({ language: members.language }).from(members).where(eq(members.id, memberId)).get()?.language;

export const updateMemberLanguage = (db: Db, memberId: number, language: string | null): void =>
  updateMemberRow(db, memberId, { language });
