import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, openDb, runMigrations } from "@club/db";

/** Where the run's template database is (read by createTestApp in every worker). */
export const TEST_DB_TEMPLATE_ENV = "CLUB_TEST_DB_TEMPLATE";

/**
 * The tests that start the server as a process run its build (dist/server.js, as `npm start`
 * does): build it once before any test file runs, from the current sources (esbuild: ~1 s).
 *
 * And the run's template club database: migrated once from the committed migrations, which
 * createTestApp copies for each new test app (helpers.ts); removed when the run ends.
 */
export default function setup(): () => void {
  execFileSync(process.execPath, ["build.mjs"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: "inherit",
  });
  const dir = mkdtempSync(join(tmpdir(), "club-test-template-"));
  const file = join(dir, "club.sqlite");
  const db = openDb(file);
  runMigrations(db);
  // Closing checkpoints the write-ahead log into the file: the one file is the whole database.
  closeDb(db);
  process.env[TEST_DB_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
