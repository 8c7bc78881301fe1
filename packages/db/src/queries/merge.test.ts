import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referencesTo, snapshotNameOf } from "../childTables";
import type { Db } from "../client";
import { bottles, favourites } from "../schema";
import { createTestDb } from "../testing";
import { DEFAULT_MERGE_RULE, DEFAULT_MERGES, MERGE_RULES, mergeBottleRows, unmergeBottleRows } from "./merge";
import { insertMember } from "./members";

/**
 * A simple child table of bottles needs no merge code. The default rule is read from the
 * schema (a table that references bottles.id by one cascading column, with no special rule): its
 * rows move to the kept bottle, but a row the kept bottle already has by the table's key goes with
 * the merged bottle, and the merge's undo gives every row back. `favourites` is such a table.
 */

let db: Db;
let cleanup: () => void;
beforeAll(() => ({ db, cleanup } = createTestDb()));
afterAll(() => cleanup());

const member = (n: number) =>
  insertMember(db, { email: `m${n}@example.com`, passwordHash: "x", firstName: "M", lastName: `${n}` }).id;
const bottle = (name: string) =>
  db.insert(bottles).values({ name, abv: 46 }).returning({ id: bottles.id }).get().id;
const marks = () =>
  db
    .select()
    .from(favourites)
    .all()
    .map((r) => `${r.memberId}:${r.bottleId}:${r.createdAt}`)
    .sort();

describe("the default merge rule", () => {
  it("is read from the schema: every simple child table of bottles without a special rule", () => {
    const simple = referencesTo(bottles)
      .filter((r) => r.onDelete === "cascade" && r.columns.length === 1)
      .map((r) => snapshotNameOf(r.table));
    const defaults = DEFAULT_MERGES.map((d) => d.name);
    expect(defaults).toContain("favourites");
    for (const name of defaults) {
      expect(simple, name).toContain(name);
      expect(MERGE_RULES[name], name).toBe(DEFAULT_MERGE_RULE);
    }
    // The tables with their own rule keep it.
    for (const name of ["bottleInstances", "bottleComments", "bottleImages", "bottleAliases"])
      expect(MERGE_RULES[name], name).not.toBe(DEFAULT_MERGE_RULE);
    // The record keeps a default table's moves under its name, beside its own fields.
    const recordFields = ["bottleInstances", "bottleComments", "bottleImage", "meetingBottles", "scores"];
    for (const name of defaults) expect([...recordFields, "guestScores", "aliases"]).not.toContain(name);
    const favourite = DEFAULT_MERGES.find((d) => d.name === "favourites");
    expect(favourite?.identity.map((c) => c.name)).toEqual(["memberId"]);
  });

  it("moves the rows the kept bottle lacks, drops those it has by key, and the undo gives all back", () => {
    const [onlyMerged, both, onlyKept] = [member(1), member(2), member(3)];
    const [merged, kept, admin] = [bottle("Merged"), bottle("Kept"), member(4)];
    db.insert(favourites)
      .values([
        { memberId: onlyMerged, bottleId: merged, createdAt: "2026-01-01T00:00:00.000Z" },
        { memberId: both, bottleId: merged, createdAt: "2026-01-02T00:00:00.000Z" },
        { memberId: both, bottleId: kept, createdAt: "2026-01-03T00:00:00.000Z" },
        { memberId: onlyKept, bottleId: kept, createdAt: "2026-01-04T00:00:00.000Z" },
      ])
      .run();
    const before = marks();

    const { before: snapshot, record } = db.transaction(() => mergeBottleRows(db, merged, kept, admin));
    expect(record.moved.favourites).toEqual([onlyMerged]);
    expect(marks()).toEqual(
      [
        `${onlyMerged}:${kept}:2026-01-01T00:00:00.000Z`,
        `${both}:${kept}:2026-01-03T00:00:00.000Z`,
        `${onlyKept}:${kept}:2026-01-04T00:00:00.000Z`,
      ].sort(),
    );

    // The record goes through the activity log as JSON.
    const stored = JSON.parse(JSON.stringify(record)) as typeof record;
    expect(db.transaction(() => unmergeBottleRows(db, snapshot, stored))).toBeNull();
    expect(marks()).toEqual(before);
  });
});
