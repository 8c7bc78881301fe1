import { and, desc, eq, sql } from "drizzle-orm";
import type { MeetingDetail, MeetingListItem } from "@club/shared";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { flightOrder, nextPourPosition } from "./night";
import { visiblePour } from "./secrecy";
import { meetingHostName } from "./host";
import { bottles, meetingBottles, meetings, themes } from "../schema";

const listMeetingsQuery = preparedPerDb((db) =>
  db
    .select({ id: meetings.id, date: meetings.date, theme: themes.description, host: meetingHostName })
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
      hostName: meetingHostName,
      themeId: themes.id,
      themeDescription: themes.description,
      createdBy: meetings.createdBy,
    })
    .from(meetings)
    .innerJoin(themes, eq(themes.id, meetings.themeId))
    .where(eq(meetings.id, sql.placeholder("id")))
    .prepare(),
);

// The meeting's bottles are its flight, in the flight's order; a blind night's pours
// stay out of it until the host reveals them (docs/product.md, "Rules"): this read is cached for
// everyone, so it cannot show the host more.
const meetingBottlesQuery = preparedPerDb((db) =>
  db
    .select({ id: bottles.id, name: bottles.name })
    .from(meetingBottles)
    .innerJoin(bottles, eq(bottles.id, meetingBottles.bottleId))
    .innerJoin(meetings, eq(meetings.id, meetingBottles.meetingId))
    .where(and(eq(meetingBottles.meetingId, sql.placeholder("id")), visiblePour))
    .orderBy(...flightOrder())
    .prepare(),
);

/** One meeting with its theme and the bottles sampled (the flight's visible pours, in order); two queries, or one when unknown. */
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

export const insertMeeting = (
  db: Db,
  values: {
    date: string;
    hostName: string;
    hostMemberId: number | null;
    themeId: number;
    createdBy?: number | null;
  },
): { id: number } => db.insert(meetings).values(values).returning({ id: meetings.id }).get();

/** Adds a bottle at the end of a meeting's flight; false when it already was in it (the primary key decides). */
export const insertMeetingBottle = (db: Db, meetingId: number, bottleId: number): boolean =>
  db
    .insert(meetingBottles)
    .values({ meetingId, bottleId, position: nextPourPosition(db, meetingId) })
    .onConflictDoNothing()
    .run().changes === 1;
