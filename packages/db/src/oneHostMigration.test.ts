import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { closeDb, openDb, type Db } from "./client";
import { migrationsFolder } from "./migrate";
import { findMeetingDetail } from "./queries/meetings";

/**
 * Migration 0012: a meeting has one host. A typed host that is exactly one confirmed, active
 * member's full name becomes that member; the flights' places become their dram numbers; open
 * nights already scored keep showing their results.
 */
let dir: string;
let db: Db;
afterEach(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

function databaseBefore0012() {
  dir = mkdtempSync(join(tmpdir(), "club-0012-"));
  const folder = join(dir, "migrations");
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  writeFileSync(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < 12) }),
  );
  db = openDb(join(dir, "club.sqlite"));
  migrate(db, { migrationsFolder: folder });
}

const run = (sql: string, ...params: unknown[]) => db.$client.prepare(sql).run(...params);
const all = (sql: string, ...params: unknown[]) => db.$client.prepare(sql).all(...params);

describe("migration 0012: one host", () => {
  it("links a host typed as one member's full name, and leaves the others typed", () => {
    databaseBefore0012();
    const confirmed = "2026-01-01T00:00:00Z";
    run(
      "INSERT INTO members (id, email, password_hash, first_name, last_name, email_confirmed_at) VALUES (1, 'r@x', 'h', 'Rita', 'Host', ?), (2, 'a@x', 'h', 'Al', 'Twin', ?), (3, 'b@x', 'h', 'Al', 'Twin', ?), (4, 'p@x', 'h', 'Pat', 'Pending', NULL)",
      confirmed,
      confirmed,
      confirmed,
    );
    run("INSERT INTO themes (id, description) VALUES (1, 'T')");
    run(
      "INSERT INTO meetings (id, date, host_name, theme_id) VALUES (1, '2026-01-09', ' rita host', 1), (2, '2026-02-13', 'Al Twin', 1), (3, '2026-03-13', 'Uncle Fergus', 1), (4, '2026-04-10', 'Pat Pending', 1)",
    );
    run("INSERT INTO bottles (id, name, abv) VALUES (1, 'Zed', 40), (2, 'Alpha', 40), (3, 'Mid', 40)");
    run(
      "INSERT INTO meeting_bottles (meeting_id, bottle_id, position, created_at) VALUES (1, 1, 0, '2026-01-01'), (1, 2, 0, '2026-01-01'), (1, 3, 5, '2026-01-01')",
    );
    run(
      "INSERT INTO scores (meeting_id, bottle_id, member_id, nose, palate, finish, balance) VALUES (1, 1, 1, 20, 20, 20, 20)",
    );

    migrate(db, { migrationsFolder });

    expect(all("SELECT id, host_member_id AS host, live_results AS live FROM meetings ORDER BY id")).toEqual([
      { id: 1, host: 1, live: 1 },
      { id: 2, host: null, live: 0 },
      { id: 3, host: null, live: 0 },
      { id: 4, host: null, live: 0 },
    ]);
    expect(findMeetingDetail(db, 1)?.hostName).toBe("Rita Host");
    expect(findMeetingDetail(db, 3)?.hostName).toBe("Uncle Fergus");
    // Places 0, 0, 5 (Alpha and Zed shared a place: by name) become 1, 2, 3.
    expect(all("SELECT bottle_id AS b, position AS p FROM meeting_bottles ORDER BY position")).toEqual([
      { b: 2, p: 1 },
      { b: 1, p: 2 },
      { b: 3, p: 3 },
    ]);
  });
});
