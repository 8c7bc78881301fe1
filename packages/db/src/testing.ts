import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDb, openDb, type Db } from "./client";
import { runMigrations } from "./migrate";

/** A real, migrated SQLite file in a fresh temp dir. Call cleanup() when done. */
export function createTestDb(): { db: Db; dir: string; file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "club-db-"));
  const file = join(dir, "club.sqlite");
  const db = openDb(file);
  runMigrations(db);
  return {
    db,
    dir,
    file,
    cleanup: () => {
      closeDb(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
