import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

/**
 * The table Drizzle's migrator keeps (drizzle-kit reads it too): one row per applied migration,
 * with the hash of its SQL and its journal time (`when`) as created_at, which names it.
 */
const MIGRATIONS_TABLE = "__drizzle_migrations";

export interface Migration {
  /** The file's name without .sql, e.g. "0007_dues_voids_openings". */
  tag: string;
  /** Its journal time (milliseconds), recorded as created_at once it is applied. */
  when: number;
  hash: string;
  statements: string[];
}

/** The committed migrations, in the journal's order. */
export function readMigrations(folder: string = migrationsFolder): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const sql = readFileSync(join(folder, `${tag}.sql`), "utf8");
    return {
      tag,
      when,
      hash: createHash("sha256").update(sql).digest("hex"),
      statements: sql.split("--> statement-breakpoint"),
    };
  });
}

/** A start that must not go on; the message is one line for the admin. */
export class MigrationError extends Error {
  override name = "MigrationError";
}

export interface MigrationPlan {
  /** No club yet (no members table): nothing to keep, nothing to back up. */
  isNew: boolean;
  /** The migrations this database has not had yet, in order. */
  pending: Migration[];
}

/**
 * What applying the committed migrations would do, without changing anything. A database whose
 * migrations table lists a migration this code does not have was written by a newer version:
 * that stops here (an older server would run on tables it does not know, and nothing would undo
 * the newer migrations), rather than at the first query that misses a column.
 */
export function planMigrations(db: Db, migrations: Migration[] = readMigrations()): MigrationPlan {
  const sqlite = db.$client;
  const hasTable = (name: string) =>
    sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  const isNew = !hasTable("members");
  const applied = hasTable(MIGRATIONS_TABLE)
    ? (
        sqlite.prepare(`SELECT created_at AS "when" FROM ${MIGRATIONS_TABLE}`).all() as {
          when: number | string;
        }[]
      ).map((row) => Number(row.when))
    : [];
  const known = new Set(migrations.map((m) => m.when));
  const unknown = applied.filter((when) => !known.has(when));
  if (unknown.length > 0) {
    const newest = new Date(Math.max(...unknown)).toISOString().slice(0, 10);
    throw new MigrationError(
      `This database was written by a newer version of the whiskey club: it has ${unknown.length} migration${unknown.length === 1 ? "" : "s"} this server does not know (the newest from ${newest}). Start that version again, or restore a backup made before the upgrade (DATA_DIR/backups/); nothing was changed.`,
    );
  }
  const done = new Set(applied);
  return { isNew, pending: migrations.filter((m) => !done.has(m.when)) };
}

/**
 * Applies the plan's migrations in ONE transaction: all of them, or (when one fails) none, and the
 * error names the one that failed. Each is recorded in the migrations table as Drizzle's migrator
 * records it, so the two agree on what a database has had.
 */
export function applyMigrations(db: Db, plan: MigrationPlan): void {
  if (plan.pending.length === 0) return;
  const sqlite = db.$client;
  const record = () => sqlite.prepare(`INSERT INTO ${MIGRATIONS_TABLE} ("hash", "created_at") VALUES (?, ?)`);
  sqlite.exec("BEGIN IMMEDIATE");
  try {
    sqlite.exec(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
    );
    for (const migration of plan.pending) {
      try {
        for (const statement of migration.statements) if (statement.trim()) sqlite.exec(statement);
      } catch (error) {
        throw new MigrationError(
          `Migration ${migration.tag} failed (${(error as Error).message}): no migration was applied and the database is as it was.`,
        );
      }
      record().run(migration.hash, migration.when);
    }
    sqlite.exec("COMMIT");
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
    throw error;
  }
}

/** Applies every committed migration not yet applied. Returns true when the database was new. */
export function runMigrations(db: Db): { isNew: boolean } {
  const plan = planMigrations(db);
  applyMigrations(db, plan);
  return { isNew: plan.isNew };
}
