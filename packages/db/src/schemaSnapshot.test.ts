import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./migrate";
import * as schema from "./schema";

/**
 * Migrations are generated (`npm run db:generate -w @club/db`, drizzle.config.ts): drizzle-kit
 * writes the SQL, the journal entry and a snapshot of the schema it migrates to, and makes the
 * next migration from the difference between src/schema and the latest snapshot. So the latest
 * snapshot must be the schema as it is: a schema change committed without its migration, or a
 * migration written by hand without its snapshot, would make the next `db:generate` repeat or
 * miss a change. Custom SQL (triggers, FTS, seeds) is generated with `--custom`, which writes a
 * snapshot too, so every journal entry has one and they form one chain.
 */

type Journal = { entries: { idx: number; tag: string }[] };
/** What this test reads of a snapshot (drizzle-kit reads the rest). */
type Snapshot = { id: string; prevId: string; tables: Record<string, unknown> };

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;

function snapshotOf(idx: number): Snapshot {
  const file = join(migrationsFolder, `meta/${String(idx).padStart(4, "0")}_snapshot.json`);
  return JSON.parse(readFileSync(file, "utf8")) as Snapshot;
}

describe("migrations' snapshots", () => {
  it("every migration in the journal has a snapshot, each following the one before", () => {
    let prevId = "00000000-0000-0000-0000-000000000000";
    for (const entry of journal.entries) {
      const snapshot = snapshotOf(entry.idx);
      expect(snapshot.prevId, `${entry.tag}'s snapshot follows the previous one`).toBe(prevId);
      prevId = snapshot.id;
    }
  });

  it("the latest snapshot is src/schema as it is: db:generate would make no migration", async () => {
    const latest = snapshotOf(journal.entries.at(-1)!.idx);
    const current = await generateSQLiteDrizzleJson(schema, latest.id, "snake_case");
    const statements = await generateSQLiteMigration(latest, current);
    expect(statements).toEqual([]);
  });
});
