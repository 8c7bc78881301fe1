import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cascadeChildren } from "./childTables";
import type { Db } from "./client";
import { insertMember } from "./queries/members";
import { bottles, guests, meetings, themes } from "./schema";
import { createTestDb, fillChildRows } from "./testing";

/**
 * fillChildRows makes a row of every table that hangs off a bottle or a meeting from the schema
 * alone (apps/server/test/child-tables.test.ts relies on it for the tables its fixture does not
 * make through the API). Here it makes one of every such table there is, from nothing.
 */

let db: Db;
let cleanup: () => void;
beforeAll(() => ({ db, cleanup } = createTestDb()));
afterAll(() => cleanup());

const count = (table: Parameters<typeof cascadeChildren>[0], column: Parameters<typeof eq>[0], key: number) =>
  db.select().from(table).where(eq(column, key)).all().length;

describe("fillChildRows", () => {
  it("gives a bottle a row in every table that hangs off it, from a meeting and a guest", () => {
    insertMember(db, { email: "fill@example.com", passwordHash: "x", firstName: "F", lastName: "Ill" });
    const bottleId = db.insert(bottles).values({ name: "Filled", abv: 40 }).returning().get().id;
    const themeId = db.insert(themes).values({ description: "Filled" }).returning().get().id;
    const meetingId = db
      .insert(meetings)
      .values({ date: "2030-01-01", hostName: "Host", themeId })
      .returning()
      .get().id;
    db.insert(guests).values({ meetingId, firstName: "Gina" }).run();

    const filled = fillChildRows(db, bottles, bottleId);
    const children = cascadeChildren(bottles, [bottles.id]);
    for (const child of children)
      expect(count(child.table, child.columns[0]!, bottleId), child.name).toBeGreaterThan(0);
    expect(filled.sort()).toEqual(children.map((c) => c.name).sort());
    expect(filled).toContain("favourites");
    // Nothing left to fill: a second call makes no row.
    expect(fillChildRows(db, bottles, bottleId)).toEqual([]);
  });

  it("names a table whose rule the schema cannot tell (a trigger's)", () => {
    const meetingId = db.select().from(meetings).get()!.id;
    expect(() => fillChildRows(db, meetings, meetingId)).toThrow(/rsvps/);
  });

  it("names the table it cannot make a row of", () => {
    const bottleId = db.insert(bottles).values({ name: "No meeting", abv: 40 }).returning().get().id;
    db.delete(meetings).run();
    expect(() => fillChildRows(db, bottles, bottleId)).toThrow(/meetingBottles|meetings/);
  });
});
