import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { Db } from "./client";

/**
 * packages/db/migrations beside the sources (src/migrate.ts); in the server's build, the copy in
 * apps/server/dist/migrations, beside the bundle (dist/server.js) or above its chunks (dist/chunks/).
 */
export const migrationsFolder =
  ["../migrations", "./migrations"]
    .map((path) => fileURLToPath(new URL(path, import.meta.url)))
    .find((dir) => existsSync(`${dir}/meta/_journal.json`)) ??
  fileURLToPath(new URL("../migrations", import.meta.url));

/** Applies every committed migration not yet applied. Returns true when the database was new. */
export function runMigrations(db: Db): { isNew: boolean } {
  const existing = db.$client
    .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type='table' AND name='members'")
    .get() as { n: number };
  migrate(db, { migrationsFolder });
  return { isNew: existing.n === 0 };
}
