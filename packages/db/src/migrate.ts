import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { Db } from "./client";

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

/** Applies every committed migration not yet applied. Returns true when the database was new. */
export function runMigrations(db: Db): { isNew: boolean } {
  const existing = db.$client
    .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type='table' AND name='members'")
    .get() as { n: number };
  migrate(db, { migrationsFolder });
  return { isNew: existing.n === 0 };
}
