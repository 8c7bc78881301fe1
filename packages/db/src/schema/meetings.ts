import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bottles } from "./bottles";
import { members } from "./members";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const themes = sqliteTable("themes", {
  id: integer().primaryKey({ autoIncrement: true }),
  description: text().notNull(),
  /** Who added it (null: before the club kept track); they and admins may correct it. */
  createdBy: integer().references(() => members.id, { onDelete: "set null" }),
  createdAt: text().notNull().default(now),
});

export const meetings = sqliteTable(
  "meetings",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    date: text().notNull(),
    hostName: text().notNull(),
    themeId: integer()
      .notNull()
      .references(() => themes.id),
    createdBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("meetings_date_idx").on(t.date), index("meetings_theme_idx").on(t.themeId, t.date)],
);

export const meetingBottles = sqliteTable(
  "meeting_bottles",
  {
    meetingId: integer()
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    bottleId: integer()
      .notNull()
      .references(() => bottles.id, { onDelete: "cascade" }),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.bottleId] }),
    index("meeting_bottles_bottle_idx").on(t.bottleId),
  ],
);
