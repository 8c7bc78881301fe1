import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";
import { childOf, extensionOf, now } from "./columns";
import { members } from "./members";

/**
 * The dues ledger, in integer cents: charges (joining, monthly, an opening balance owed) are
 * positive, payments, waivers and an opening credit negative. A line is never edited or deleted:
 * it is corrected by a `void` line that reverses it (`voids` names the original, with
 * a `reason`); the database then marks the original (`voidedBy`, set once, by a trigger) and
 * refuses any other update (migration 0007). One live (not voided) monthly charge and one live
 * waiver per member and month at most (the unique index makes the monthly job idempotent), one
 * live joining fee and one live opening balance per member, one void per line.
 */
export const duesEntries = sqliteTable(
  "dues_entries",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: childOf(() => members.id),
    kind: text().$type<"joining" | "monthly" | "payment" | "waiver" | "opening" | "void">().notNull(),
    /** YYYY-MM: the month a monthly charge or a waiver is for (a void: its original's month). */
    month: text(),
    /** YYYY-MM-DD in the club's time zone. */
    date: text().notNull(),
    amountCents: integer().notNull(),
    method: text(),
    note: text().notNull().default(""),
    createdBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
    /** A void line: the line it reverses. */
    voids: integer().references((): AnySQLiteColumn => duesEntries.id),
    /** A voided line: its void line (set once by the database when the void is inserted). */
    voidedBy: integer(),
    /** A void line: why (1-500 characters; "opening" when an opening contradicted the line). */
    reason: text(),
  },
  (t) => [
    index("dues_entries_member_idx").on(t.memberId, t.date),
    uniqueIndex("dues_entries_month_idx")
      .on(t.memberId, t.kind, t.month)
      .where(sql`${t.kind} IN ('monthly', 'waiver') AND ${t.voidedBy} IS NULL`),
    uniqueIndex("dues_entries_joining_idx")
      .on(t.memberId)
      .where(sql`${t.kind} = 'joining' AND ${t.voidedBy} IS NULL`),
    uniqueIndex("dues_entries_opening_idx")
      .on(t.memberId)
      .where(sql`${t.kind} = 'opening' AND ${t.voidedBy} IS NULL`),
    uniqueIndex("dues_entries_voids_idx")
      .on(t.voids)
      .where(sql`${t.voids} IS NOT NULL`),
  ],
);

/**
 * The opening of a member's ledger, for members from before the app: when they became
 * a member, whether the joining fee was paid then, the first month the app charges, and the
 * balance brought forward (cents: + owed, - in credit) with a note. Set once, changeable; the
 * ledger lines it implies are written (and the ones it contradicts voided) by features/dues.
 */
export const duesOpenings = sqliteTable("dues_openings", {
  memberId: extensionOf(() => members.id),
  /** YYYY-MM-DD. */
  memberSince: text().notNull(),
  joiningFeePaid: integer({ mode: "boolean" }).notNull(),
  /** YYYY-MM. */
  firstChargedMonth: text().notNull(),
  openingBalanceCents: integer().notNull(),
  note: text().notNull().default(""),
  setBy: integer().references(() => members.id, { onDelete: "set null" }),
  setAt: text().notNull().default(now),
});

/**
 * Emails sent once per member and purpose (a meeting's 7-day and 1-day reminders, a change
 * notice, a month's dues reminder): written in the same transaction as the outbox message, so a
 * restart never sends one twice.
 */
export const notificationsSent = sqliteTable(
  "notifications_sent",
  {
    memberId: childOf(() => members.id),
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
