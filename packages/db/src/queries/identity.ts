import { randomBytes } from "node:crypto";
import { asc, eq, gte } from "drizzle-orm";
import type { Db } from "../client";
import { clubIdentity, duesRates } from "../schema";

/**
 * The club's calendar id (migration 0009 makes it). Made here only if its row is gone, e.g. after
 * restoring a club export from before it existed; then kept, like the migration's.
 */
export function clubCalendarId(db: Db): string {
  const row = db
    .select({ calendarId: clubIdentity.calendarId })
    .from(clubIdentity)
    .where(eq(clubIdentity.id, 1))
    .get();
  if (row) return row.calendarId;
  db.insert(clubIdentity)
    .values({ id: 1, calendarId: randomBytes(16).toString("hex") })
    .onConflictDoNothing()
    .run();
  return clubCalendarId(db);
}

export type ClubSettingsRow = Omit<typeof clubIdentity.$inferSelect, "id" | "calendarId">;
export type DuesRateRow = typeof duesRates.$inferSelect;

/** The admin's Club settings as stored (null: the default). */
export function getClubSettingsRow(db: Db): ClubSettingsRow {
  clubCalendarId(db);
  const {
    id: _id,
    calendarId: _calendarId,
    ...row
  } = db.select().from(clubIdentity).where(eq(clubIdentity.id, 1)).get() as typeof clubIdentity.$inferSelect;
  return row;
}

export function setClubSettingsRow(db: Db, values: Partial<ClubSettingsRow>): void {
  clubCalendarId(db);
  db.update(clubIdentity).set(values).where(eq(clubIdentity.id, 1)).run();
}

/** Every dues rate, earliest first. */
export const listDuesRates = (db: Db): DuesRateRow[] =>
  db.select().from(duesRates).orderBy(asc(duesRates.fromMonth)).all();

/** The dues from a month on: replaces the rates from that month and later. */
export function setDuesRateFrom(db: Db, rate: DuesRateRow): void {
  db.delete(duesRates).where(gte(duesRates.fromMonth, rate.fromMonth)).run();
  db.insert(duesRates).values(rate).run();
}
