import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { members } from "../schema";

/**
 * Sets columns of one member's row. Internal to the queries (not exported by the package): each
 * exported write names the columns it may set (status, role, profile, dues period, preferences).
 */
export const updateMemberRow = (db: Db, id: number, values: Partial<typeof members.$inferInsert>): void => {
  db.update(members).set(values).where(eq(members.id, id)).run();
};
