import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { meetingBottles, meetings } from "../schema";

/**
 * The secrecy rule of a blind tasting, in SQL: a pour is HIDDEN while its meeting is blind and the
 * host has not revealed it. The server's secrecy policy (apps/server/src/policy/secrecy.ts) decides
 * who sees what of a hidden pour; the queries that aggregate pours (search, stats, club scores, the
 * cellar's fill levels, the meeting's bottles sampled) use these forms of the same rule, so that a
 * hidden pour moves no figure for anyone. Nothing else spells the rule out.
 */

/** Whether a pour can be shown for what it is (needs `meetings` and `meeting_bottles` in the query). */
export const visiblePour = or(eq(meetings.blind, false), isNotNull(meetingBottles.revealedAt));

/** The same rule in raw SQL, for queries that name the tables `m` (meetings) and `mb` (meeting_bottles). */
export const visiblePourSql = sql`(m.blind = 0 OR mb.revealed_at IS NOT NULL)`;

/** The rule on rows already read. */
export const isHiddenPour = (meeting: { blind: boolean }, pour: { revealedAt: string | null }): boolean =>
  meeting.blind && pour.revealedAt === null;

/** Every pour hidden now: meeting and bottle. */
export const listHiddenPours = (db: Db) =>
  db
    .select({ meetingId: meetingBottles.meetingId, bottleId: meetingBottles.bottleId })
    .from(meetingBottles)
    .innerJoin(meetings, eq(meetings.id, meetingBottles.meetingId))
    .where(and(eq(meetings.blind, true), isNull(meetingBottles.revealedAt)))
    .all();

/** Whether any of the bottles is in a pour hidden now (a merge would tell what it is). */
export function inHiddenPour(db: Db, bottleIds: number[]): boolean {
  return (
    db
      .select({ id: meetingBottles.bottleId })
      .from(meetingBottles)
      .innerJoin(meetings, eq(meetings.id, meetingBottles.meetingId))
      .where(
        and(
          inArray(meetingBottles.bottleId, bottleIds),
          eq(meetings.blind, true),
          isNull(meetingBottles.revealedAt),
        ),
      )
      .get() !== undefined
  );
}

/**
 * When a pour's results (its figures, ranks and each taster's score) may be read, in SQL: a blind
 * pour once revealed; an open night's once the host closed scoring, or at once if the host chose
 * live results. The server's policy reads the same rule on rows (apps/server/src/policy/secrecy.ts
 * `resultsShown`); the club scores and a bottle's "Poured at" use this form.
 */
export const pourResultsShown = or(
  and(eq(meetings.blind, true), isNotNull(meetingBottles.revealedAt)),
  and(eq(meetings.blind, false), or(eq(meetings.scoringOpen, false), eq(meetings.liveResults, true))),
);

/** The rule on rows already read. */
export const areResultsShown = (
  meeting: { blind: boolean; scoringOpen: boolean; liveResults: boolean },
  pour: { revealedAt: string | null },
): boolean => (meeting.blind ? pour.revealedAt !== null : !meeting.scoringOpen || meeting.liveResults);
