import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { bottles, countries, drinkTypes, meetingBottles, meetings, scores } from "../schema";
import { pourResultsShown } from "./secrecy";

const partsOf = (t: string) => sql.raw(`${t}.nose + ${t}.palate + ${t}.finish + ${t}.balance`);

/**
 * A member's scores on the pours whose results show (the results rule, `pourResultsShown`: a blind
 * pour's after its reveal, an open night's once scoring closes), each with its bottle's type and
 * country and the room's total and count for that pour (members' and guests' scores, as the
 * results count them). A pour still hidden or being scored is left out: its bottle and the room's
 * figure are not the member's to read yet.
 */
export function listTasteRows(db: Db, memberId: number) {
  return db
    .select({
      bottleId: bottles.id,
      name: bottles.name,
      type: drinkTypes.name,
      country: countries.name,
      total: sql<number>`${scores.nose} + ${scores.palate} + ${scores.finish} + ${scores.balance}`,
      tags: scores.tags,
      roomTotal: sql<number>`(SELECT coalesce(sum(${partsOf("r")}), 0) FROM scores r
        WHERE r.meeting_id = ${scores.meetingId} AND r.bottle_id = ${scores.bottleId})
        + (SELECT coalesce(sum(${partsOf("g")}), 0) FROM guest_scores g
        WHERE g.meeting_id = ${scores.meetingId} AND g.bottle_id = ${scores.bottleId})`,
      roomCount: sql<number>`(SELECT count(*) FROM scores r
        WHERE r.meeting_id = ${scores.meetingId} AND r.bottle_id = ${scores.bottleId})
        + (SELECT count(*) FROM guest_scores g
        WHERE g.meeting_id = ${scores.meetingId} AND g.bottle_id = ${scores.bottleId})`,
    })
    .from(scores)
    .innerJoin(meetings, eq(meetings.id, scores.meetingId))
    .innerJoin(
      meetingBottles,
      and(eq(meetingBottles.meetingId, scores.meetingId), eq(meetingBottles.bottleId, scores.bottleId)),
    )
    .innerJoin(bottles, eq(bottles.id, scores.bottleId))
    .leftJoin(drinkTypes, eq(drinkTypes.id, bottles.drinkTypeId))
    .leftJoin(countries, eq(countries.id, bottles.countryId))
    .where(and(eq(scores.memberId, memberId), pourResultsShown))
    .all();
}
export type TasteRow = ReturnType<typeof listTasteRows>[number];
