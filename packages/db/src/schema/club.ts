import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { members } from "./members";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * The dues ledger, in integer cents: charges (joining, monthly) are positive, payments and
 * waivers negative. One monthly charge and one waiver per member and month at most (the unique
 * index makes the monthly job idempotent), one joining fee per member.
 */
export const duesEntries = sqliteTable(
  "dues_entries",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text().$type<"joining" | "monthly" | "payment" | "waiver">().notNull(),
    /** YYYY-MM: the month a monthly charge or a waiver is for. */
    month: text(),
    /** YYYY-MM-DD in the club's time zone. */
    date: text().notNull(),
    amountCents: integer().notNull(),
    method: text(),
    note: text().notNull().default(""),
    createdBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    index("dues_entries_member_idx").on(t.memberId, t.date),
    uniqueIndex("dues_entries_month_idx")
      .on(t.memberId, t.kind, t.month)
      .where(sql`${t.kind} IN ('monthly', 'waiver')`),
    uniqueIndex("dues_entries_joining_idx")
      .on(t.memberId)
      .where(sql`${t.kind} = 'joining'`),
  ],
);

/**
 * Emails sent once per member and purpose (a meeting's 7-day and 1-day reminders, a change
 * notice, a month's dues reminder): written in the same transaction as the outbox message, so a
 * restart never sends one twice.
 */
export const notificationsSent = sqliteTable(
  "notifications_sent",
  {
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    key: text().notNull(),
    sentAt: text().notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);

/** A deleted meeting stays in the calendar feed as cancelled (STATUS:CANCELLED) for subscribers. */
export const meetingCancellations = sqliteTable("meeting_cancellations", {
  meetingId: integer().primaryKey(),
  date: text().notNull(),
  summary: text().notNull(),
  sequence: integer().notNull(),
  cancelledAt: text().notNull().default(now),
});
