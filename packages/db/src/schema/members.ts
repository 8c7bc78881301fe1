import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const members = sqliteTable("members", {
  id: integer().primaryKey({ autoIncrement: true }),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  emailConfirmedAt: text(),
  createdAt: text().notNull().default(now),
});

export const emailConfirmationTokens = sqliteTable(
  "email_confirmation_tokens",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: text().notNull(),
    usedAt: text(),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("email_confirmation_tokens_member_idx").on(t.memberId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    familyId: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: text().notNull(),
    /** Set when this token was exchanged for a new one; presenting it again is reuse. */
    rotatedAt: text(),
    revokedAt: text(),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_member_idx").on(t.memberId),
  ],
);

/** Outgoing email, kept until sent so that an SMTP outage loses nothing. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: text().notNull().default(now),
    sentAt: text(),
    lastError: text(),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("outbox_pending_idx").on(t.sentAt, t.nextAttemptAt)],
);
