import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, migrationsFolder, openDb, runMigrations } from "@club/db";

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
  // Every club made from the template shares what its migrations wrote, but for what createTestApp
  // makes anew per club (helpers.ts): a migration that makes other random data must be added there.
  const random = readdirSync(migrationsFolder)
    .filter((name) => name.endsWith(".sql"))
    .flatMap((name) =>
      readFileSync(join(migrationsFolder, name), "utf8")
        .split("\n")
        .filter((line) => /random/i.test(line))
        .map((line) => `${name}: ${line.trim()}`),
    );
  const renewed =
    "0009_club_identity.sql: INSERT INTO `club_identity` (`id`, `calendar_id`) VALUES (1, lower(hex(randomblob(16))));";
  if (random.some((line) => line !== renewed))
    throw new Error(
      `A migration makes random data that createTestApp does not make anew per club:\n${random.join("\n")}`,
    );
  const dir = mkdtempSync(join(tmpdir(), "club-test-template-"));
  const file = join(dir, "club.sqlite");
  const db = openDb(file);
  runMigrations(db);
  // Closing checkpoints the write-ahead log into the file: the one file is the whole database.
  closeDb(db);
  process.env[TEST_DB_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
