import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The club's own identity: one row (id 1), made by migration 0009 and kept with the club's data.
 * `calendarId` (32 hex digits) names the club in calendar UIDs, so they do not change with APP_URL.
 */
export const clubIdentity = sqliteTable("club_identity", {
  id: integer().primaryKey(),
  calendarId: text().notNull(),
});
