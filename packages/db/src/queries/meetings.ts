import { asc, desc, eq, sql } from "drizzle-orm";
import type { MeetingDetail, MeetingListItem } from "@club/shared";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { bottles, meetingBottles, meetings, themes } from "../schema";

const listMeetingsQuery = preparedPerDb((db) =>
  db
    .select({ id: meetings.id, date: meetings.date, theme: themes.description, host: meetings.hostName })
    .from(meetings)
    .innerJoin(themes, eq(themes.id, meetings.themeId))
    .orderBy(desc(meetings.date), desc(meetings.id))
    .prepare(),
);

/** Every meeting with its theme's description and host, newest date first; one query. */
export const listMeetings = (db: Db): MeetingListItem[] => listMeetingsQuery(db).all();

const meetingQuery = preparedPerDb((db) =>
  db
    .select({
      id: meetings.id,
      date: meetings.date,
      hostName: meetings.hostName,
      themeId: themes.id,
      themeDescription: themes.description,
      createdBy: meetings.createdBy,
    })
    .from(meetings)
    .innerJoin(themes, eq(themes.id, meetings.themeId))
    .where(eq(meetings.id, sql.placeholder("id")))
    .prepare(),
);

const meetingBottlesQuery = preparedPerDb((db) =>
  db
    .select({ id: bottles.id, name: bottles.name })
    .from(meetingBottles)
    .innerJoin(bottles, eq(bottles.id, meetingBottles.bottleId))
    .where(eq(meetingBottles.meetingId, sql.placeholder("id")))
    .orderBy(sql`${bottles.name} COLLATE NOCASE`, asc(bottles.id))
    .prepare(),
);

/** One meeting with its theme and the bottles sampled (sorted by name); two queries, or one when unknown. */
export function findMeetingDetail(db: Db, id: number): MeetingDetail | undefined {
  const row = meetingQuery(db).get({ id });
  if (!row) return undefined;
  const bottlesSampled = meetingBottlesQuery(db).all({ id });
  return {
    id: row.id,
    date: row.date,
    hostName: row.hostName,
    theme: { id: row.themeId, description: row.themeDescription },
    bottlesSampled,
    createdBy: row.createdBy,
  };
}

export const meetingExists = (db: Db, id: number): boolean =>
  db.select({ id: meetings.id }).from(meetings).where(eq(meetings.id, id)).get() !== undefined;

export const insertMeeting = (
  db: Db,
  values: { date: string; hostName: string; themeId: number; createdBy?: number | null },
): { id: number } => db.insert(meetings).values(values).returning({ id: meetings.id }).get();

/** Links a bottle to a meeting; false when it already was (the primary key decides). */
export const insertMeetingBottle = (db: Db, meetingId: number, bottleId: number): boolean =>
  db.insert(meetingBottles).values({ meetingId, bottleId }).onConflictDoNothing().run().changes === 1;
