import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { closeDb, openDb, type Db } from "./client";
import { migrationsFolder } from "./migrate";

/**
 * Migration 0008 puts rules in the database: unique theme names ignoring case and
 * surrounding spaces, and CHECK triggers. A club's database may already hold rows that break them
 * (the undo of a theme rename made "Peat Week" beside "peat week"): the migration mends those
 * first, so it applies, and the next edit of such a row does not fail.
 */

let dir: string;
let db: Db;
afterEach(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

/** A database migrated up to (not including) 0008, from a copy of the migrations folder. */
function databaseBefore0008(): { folder: string } {
  dir = mkdtempSync(join(tmpdir(), "club-0008-"));
  const folder = join(dir, "migrations");
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  writeFileSync(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < 8) }),
  );
  db = openDb(join(dir, "club.sqlite"));
  migrate(db, { migrationsFolder: folder });
  return { folder };
}

const run = (sql: string, ...params: unknown[]) => db.$client.prepare(sql).run(...params);
const all = (sql: string, ...params: unknown[]) => db.$client.prepare(sql).all(...params);

describe("migration 0008: rules in the database", () => {
  it("mends the rows that break the new rules, then holds them", () => {
    databaseBefore0008();
    run(
      "INSERT INTO members (id, email, password_hash, first_name, last_name) VALUES (1, 'a@x', 'h', 'A', 'B')",
    );
    for (const [id, name] of [
      [1, "Peat Week"],
      [2, "peat week"],
      [3, " PEAT WEEK "],
      [4, "Sherry"],
    ] as const)
      run("INSERT INTO themes (id, description) VALUES (?, ?)", id, name);
    run("INSERT INTO meetings (id, date, host_name, theme_id, capacity) VALUES (1, '2030-01-11', 'H', 4, 0)");
    run("INSERT INTO bottles (id, name, abv, size_ml) VALUES (1, 'Over Proof', 101, 20)");
    run("INSERT INTO meeting_bottles (meeting_id, bottle_id, pour_ml) VALUES (1, 1, 500)");
    run(
      "INSERT INTO scores (meeting_id, bottle_id, member_id, nose, palate, finish, balance) VALUES (1, 1, 1, 30, -1, 10, 10)",
    );
    run(
      "INSERT INTO rsvps (meeting_id, member_id, status, guests, waitlisted) VALUES (1, 1, 'declined', 2, 1)",
    );

    migrate(db, { migrationsFolder });

    expect(all("SELECT id, description FROM themes ORDER BY id")).toEqual([
      { id: 1, description: "Peat Week" },
      { id: 2, description: "peat week (2)" },
      { id: 3, description: "PEAT WEEK (3)" },
      { id: 4, description: "Sherry" },
    ]);
    expect(all("SELECT capacity FROM meetings")).toEqual([{ capacity: 1 }]);
    expect(all("SELECT abv, size_ml AS size FROM bottles")).toEqual([{ abv: 100, size: 50 }]);
    expect(all("SELECT pour_ml AS ml FROM meeting_bottles")).toEqual([{ ml: 200 }]);
    expect(all("SELECT nose, palate FROM scores")).toEqual([{ nose: 25, palate: 0 }]);
    expect(all("SELECT guests, waitlisted FROM rsvps")).toEqual([{ guests: 0, waitlisted: 0 }]);
    // A mended row can be edited again.
    run("UPDATE scores SET finish = 11");
    run("UPDATE themes SET description = 'peat week (two)' WHERE id = 2");

    // Held from now on, whatever writes it: the rule's own message.
    expect(() => run("INSERT INTO themes (description) VALUES ('  sherry ')")).toThrow(/UNIQUE/);
    expect(() => run("UPDATE themes SET description = 'SHERRY' WHERE id = 1")).toThrow(/UNIQUE/);
    expect(() => run("UPDATE scores SET nose = 26")).toThrow("Score each part from 0 to 25.");
    expect(() => run("UPDATE bottles SET abv = -0.1")).toThrow("ABV must be a number between 0 and 100.");
    expect(() => run("UPDATE bottles SET size_ml = 6000")).toThrow(/bottle size/);
    expect(() => run("UPDATE meetings SET capacity = 0")).toThrow(/room for 1 to 1000/);
    expect(() => run("UPDATE rsvps SET guests = 1")).toThrow(/at most 3 guests/);
    expect(() => run("UPDATE rsvps SET status = 'going'")).toThrow(/at most 3 guests/);
    expect(() => run("UPDATE meeting_bottles SET pour_ml = 1")).toThrow("A pour is from 5 to 200 ml.");
    run("UPDATE meeting_bottles SET revealed_at = '2030-01-11T20:00:00Z'");
    // Migration 0012 lets the host take a reveal back (hidden again beside it).
    run("UPDATE meeting_bottles SET revealed_at = NULL");
    expect(() => run("UPDATE members SET role = 'owner'")).toThrow(/admin, the treasurer or a member/);
    expect(() =>
      run(
        "INSERT INTO bottle_instances (bottle_id, date_purchased, purchase_price_cents) VALUES (1, '2024-01-01', -5)",
      ),
    ).toThrow("A purchase price is never negative.");
    // What the rules allow still goes in.
    run("UPDATE rsvps SET status = 'going', going_since = '2030-01-01T00:00:00Z', guests = 3");
    run("UPDATE meetings SET capacity = NULL");
  });
});
