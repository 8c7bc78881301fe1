import { sql } from "drizzle-orm";
import { integer, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/** The default of every `createdAt`/`updatedAt`: now, in UTC, as ISO 8601 with milliseconds. */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A row's parent: a required reference to `parent` (e.g. `() => bottles.id`) whose deletion takes
 * this row with it (ON DELETE CASCADE), the shape of every child table's owning key.
 */
export const childOf = (parent: () => AnySQLiteColumn) =>
  integer().notNull().references(parent, { onDelete: "cascade" });

/** The key of a one-to-one extension of `parent`'s row: its id, deleted with it. */
export const extensionOf = (parent: () => AnySQLiteColumn) =>
  integer().primaryKey().references(parent, { onDelete: "cascade" });
