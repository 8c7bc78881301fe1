import { sql } from "drizzle-orm";
import type { Db } from "../client";

// Whole-database operations for the admin command line (apps/server/src/admin).

/** True once the migrations have created the club's tables (the members table exists). */
export const isDatabaseSetUp = (db: Db): boolean =>
  db.get<{ one: number } | undefined>(
    sql`SELECT 1 AS one FROM sqlite_master WHERE type = 'table' AND name = 'members'`,
  ) !== undefined;

/** SQLite's integrity check: "ok", or the first problem found. */
export const checkIntegrity = (db: Db): string =>
  String(db.$client.pragma("integrity_check", { simple: true }));

/** A consistent copy of the live database at `file` (SQLite's online backup; writers may keep going). */
export async function backupDatabase(db: Db, file: string): Promise<void> {
  await db.$client.backup(file);
}
