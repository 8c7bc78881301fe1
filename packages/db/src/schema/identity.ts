import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The club's own identity: one row (id 1), made by migration 0009 and kept with the club's data.
 * `calendarId` (32 hex digits) names the club in calendar UIDs, so they do not change with APP_URL.
 * The rest are the admin's Club settings; null is the default (CLUB_CURRENCY, the spec's rules).
 */
export const clubIdentity = sqliteTable("club_identity", {
  id: integer().primaryKey(),
  calendarId: text().notNull(),
  name: text(),
  currency: text(),
  meetingWeekday: integer(),
  meetingWeekOfMonth: integer(),
  meetingTime: text(),
  waiverMaxMonths: integer(),
  waiverMinMembershipMonths: integer(),
  /** Admins and treasurers must sign in with two factors (null: not required). */
  twoFactorRequired: integer({ mode: "boolean" }),
  /** The club's language (a tag of @club/shared's LANGUAGES); null is CLUB_LANGUAGE. */
  language: text(),
});

/**
 * The club's dues from a month on (YYYY-MM), in cents: the rate of a month is the row with the
 * latest `fromMonth` not after it, else the spec's. The ledger's lines keep what they charged.
 */
export const duesRates = sqliteTable("dues_rates", {
  fromMonth: text().primaryKey(),
  monthlyDuesCents: integer().notNull(),
  joiningFeeCents: integer().notNull(),
});
