import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeDb, openDb, type Db } from "./client";
import { applyMigrations, MigrationError, migrationsFolder, planMigrations, readMigrations } from "./migrate";

/**
 * The start's migrations: all pending ones in one transaction (a failing one leaves the database
 * as it was and is named), and a database from a newer version is refused before anything changes.
 */

let dir: string;
let db: Db;
afterEach(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

const all = (sql: string) => db.$client.prepare(sql).all();
/** Everything in the database: its schema and its rows, table by table. */
function contents(): unknown {
  const tables = all("SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name") as {
    name: string;
    sql: string | null;
  }[];
  return tables.map((t) => ({
    ...t,
    rows: t.sql?.startsWith("CREATE TABLE") ? all(`SELECT * FROM "${t.name}"`) : null,
  }));
}

/** A copy of the migrations folder whose journal keeps the first `keep` migrations, plus `extra`. */
function folderWith(keep: number, extra: { tag: string; sql: string }[] = []): string {
  const folder = join(dir, `migrations-${keep}-${extra.length}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  const entries = journal.entries.slice(0, keep);
  let when = journal.entries.at(-1)?.when ?? 0;
  for (const { tag, sql } of extra) {
    writeFileSync(join(folder, `${tag}.sql`), sql);
    entries.push({ ...journal.entries[0]!, idx: entries.length, when: ++when, tag });
  }
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries }));
  return folder;
}

function freshDb(): void {
  dir = mkdtempSync(join(tmpdir(), "club-migrate-"));
  db = openDb(join(dir, "club.sqlite"));
}

describe("the start's migrations", () => {
  it("apply every pending one, and then none", () => {
    freshDb();
    const migrations = readMigrations();
    const first = planMigrations(db, migrations);
    expect(first.isNew).toBe(true);
    expect(first.pending.map((m) => m.tag)).toEqual(migrations.map((m) => m.tag));
    applyMigrations(db, first);
    expect(planMigrations(db, migrations)).toEqual({ isNew: false, pending: [] });
  });

  it("a failing migration: none of the pending ones is applied, and the message names it", () => {
    freshDb();
    const all = readMigrations();
    const before = readMigrations(folderWith(all.length - 1));
    applyMigrations(db, planMigrations(db, before));
    db.$client.prepare("INSERT INTO themes (description) VALUES ('Peat')").run();
    const snapshot = contents();

    const broken = readMigrations(
      folderWith(all.length, [
        {
          tag: "9998_adds_a_column",
          sql: "ALTER TABLE `themes` ADD `colour` text;--> statement-breakpoint\nUPDATE `themes` SET `colour` = 'amber';",
        },
        { tag: "9999_broken", sql: "INSERT INTO `no_such_table` (`id`) VALUES (1);" },
      ]),
    );
    const plan = planMigrations(db, broken);
    expect(plan.pending.map((m) => m.tag)).toEqual([all.at(-1)!.tag, "9998_adds_a_column", "9999_broken"]);
    let thrown: unknown;
    try {
      applyMigrations(db, plan);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MigrationError);
    const message = (thrown as Error).message;
    expect(message).toContain("Migration 9999_broken failed");
    expect(message).toContain("no such table: no_such_table");
    expect(message).not.toContain("\n");
    // As it was: the last real migration and the one before the failure were rolled back too.
    expect(contents()).toEqual(snapshot);
    expect(db.$client.inTransaction).toBe(false);
  });

  it("a database from a newer version is refused with one line, and left as it was", () => {
    freshDb();
    const newer = readMigrations(
      folderWith(readMigrations().length, [
        { tag: "9999_from_the_future", sql: "CREATE TABLE `later` (`id` integer);" },
      ]),
    );
    applyMigrations(db, planMigrations(db, newer));
    const snapshot = contents();

    let thrown: unknown;
    try {
      planMigrations(db);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MigrationError);
    const message = (thrown as Error).message;
    expect(message).toMatch(
      /^This database was written by a newer version of the whiskey club: it has 1 migration this server does not know/,
    );
    expect(message).not.toContain("\n");
    expect(contents()).toEqual(snapshot);
  });

  it("a migration merged with an older journal time than one already applied is still applied", () => {
    freshDb();
    const migrations = readMigrations();
    applyMigrations(db, planMigrations(db, migrations));
    // A branch's migration, generated before the newest one on main but merged after it (Drizzle's
    // own migrator skips it: it only applies what is newer than the last applied).
    const branch = {
      tag: "0000_from_a_branch",
      when: migrations.at(-1)!.when - 1,
      hash: "branch",
      statements: ["CREATE TABLE `branch_table` (`id` integer)"],
    };
    const plan = planMigrations(db, [...migrations, branch]);
    expect(plan.pending.map((m) => m.tag)).toEqual([branch.tag]);
    applyMigrations(db, plan);
    expect(all("SELECT name FROM sqlite_master WHERE name = 'branch_table'")).toHaveLength(1);
  });
});
