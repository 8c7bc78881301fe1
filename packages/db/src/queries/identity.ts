import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { clubIdentity } from "../schema";

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
