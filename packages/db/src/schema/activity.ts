import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";
import { members } from "./members";

/**
 * Every change to the club's data, written in the same transaction as the change: who, which
 * procedure, which entity, its values before and after (JSON; null before a creation and after a
 * deletion), and the request it came with. Undoing an entry writes a new entry (undoOf) and marks
 * the original undone.
 */
export const activity = sqliteTable(
  "activity",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    at: text().notNull().default(now),
    memberId: integer().references(() => members.id, { onDelete: "set null" }),
    /** The procedure that made the change, e.g. bottles.updateAbv. */
    action: text().notNull(),
    /** The kind of entity: bottle, meeting, meetingBottle, instance, comment, theme, image, member... */
    entity: text().notNull(),
    /** The entity's id; "meetingId:bottleId" for a bottle in a meeting. */
    entityId: text().notNull(),
    before: text({ mode: "json" }),
    after: text({ mode: "json" }),
    requestId: text(),
    /** The name of the API token the change was made with; null for the app's own sessions. */
    viaToken: text(),
    undoneAt: text(),
    undoneBy: integer().references(() => members.id, { onDelete: "set null" }),
    /** Set on the entry an undo wrote: the entry it undid. */
    undoOf: integer(),
  },
  (t) => [
    index("activity_entity_idx").on(t.entity, t.entityId, t.id),
    index("activity_member_idx").on(t.memberId, t.id),
  ],
);
