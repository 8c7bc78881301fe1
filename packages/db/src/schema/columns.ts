import { sql } from "drizzle-orm";

/** The default of every `createdAt`/`updatedAt`: now, in UTC, as ISO 8601 with milliseconds. */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
