import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MergeMessages, ServerMessages } from "@club/shared";
import type { AuthUser } from "../../kernel/context";
import { errorOf, newBottle, postJson } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let admin: { token: string; user: AuthUser };
let member: { token: string; user: AuthUser };
let other: { token: string; user: AuthUser };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.member(undefined, { role: "admin" });
  member = await t.member();
  other = await t.member();
});
afterAll(() => t.close());

const sql = () => t.app.deps.db.$client;
const run = (query: string, ...args: unknown[]) =>
  sql()
    .prepare(query)
    .run(...args);

/** Every row of the tables a merge touches, as JSON per table (ordered), to compare exactly. */
const ORDER_BY = {
  bottles: "id",
  bottle_instances: "id",
  bottle_comments: "id",
  bottle_images: "bottle_id",
  meeting_bottles: "meeting_id, bottle_id",
  scores: "meeting_id, bottle_id, member_id",
  bottle_aliases: "id",
} as const;
const CHILD_TABLES = Object.keys(ORDER_BY) as (keyof typeof ORDER_BY)[];
/** By primary key: an undo puts rows back with their keys, not in their old physical order. */
const allRows = () =>
  Object.fromEntries(
    CHILD_TABLES.map((table) => [
      table,
      sql().prepare(`SELECT * FROM ${table} ORDER BY ${ORDER_BY[table]}`).all(),
    ]),
  );
const countWhere = (table: string, bottleId: number) =>
  (sql().prepare(`SELECT count(*) AS n FROM ${table} WHERE bottle_id = ?`).get(bottleId) as { n: number }).n;
const counts = (bottleId: number) =>
  Object.fromEntries(
    CHILD_TABLES.filter((x) => x !== "bottles").map((table) => [table, countWhere(table, bottleId)]),
  );

const merge = (id: number, keepId: number, token = admin.token) =>
  t.request({ method: "POST", url: `/api/Bottles/${id}/MergeInto/${keepId}`, token });
const undo = (activityId: number, token = admin.token) =>
  t.request({ method: "POST", url: `/api/Activity/${activityId}/Undo`, token });

let themeId = 0;
function meeting(date: string, blind = false): number {
  if (!themeId)
    themeId = Number(run("INSERT INTO themes (description) VALUES ('Merge test')").lastInsertRowid);
  return Number(
    run(
      "INSERT INTO meetings (date, host_name, theme_id, blind) VALUES (?, 'Host', ?, ?)",
      date,
      themeId,
      blind ? 1 : 0,
    ).lastInsertRowid,
  );
}
const pour = (meetingId: number, bottleId: number, position = 1) =>
  run(
    "INSERT INTO meeting_bottles (meeting_id, bottle_id, position) VALUES (?, ?, ?)",
    meetingId,
    bottleId,
    position,
  );
const score = (meetingId: number, bottleId: number, memberId: number, each: number) =>
  run(
    "INSERT INTO scores (meeting_id, bottle_id, member_id, nose, palate, finish, balance, note) VALUES (?, ?, ?, ?, ?, ?, ?, 'n')",
    meetingId,
    bottleId,
    memberId,
    each,
    each,
    each,
    each,
  );
const purchase = (bottleId: number, date: string, cents: number) =>
  run(
    "INSERT INTO bottle_instances (bottle_id, date_purchased, purchase_price_cents) VALUES (?, ?, ?)",
    bottleId,
    date,
    cents,
  );
const comment = (bottleId: number, memberId: number, text: string) =>
  run(
    "INSERT INTO bottle_comments (bottle_id, member_id, comment) VALUES (?, ?, ?)",
    bottleId,
    memberId,
    text,
  );
const image = (bottleId: number, hash: string) =>
  run(
    "INSERT INTO bottle_images (bottle_id, hash, content_type, width, height, bytes) VALUES (?, ?, 'image/webp', 10, 10, 100)",
    bottleId,
    hash,
  );

describe("POST /api/Bottles/{id}/MergeInto/{keepId}", () => {
  it("moves every child row to the kept bottle, keeps the name as an alias, and undo puts every row back exactly", async () => {
    const keep = await newBottle(t, member.token, { name: "Lagavulin 16" });
    const dup = await newBottle(t, member.token, { name: "Lagavulin 16yo" });
    const older = await newBottle(t, member.token, { name: "Lagavullin 16" });
    // The duplicate was itself kept in an earlier merge: its alias moves along.
    const first = await merge(older, dup);
    expect(first.statusCode, first.body).toBe(200);

    purchase(keep, "2024-01-10", 8000);
    purchase(dup, "2024-03-01", 8500);
    purchase(dup, "2024-09-01", 9000);
    comment(dup, member.user.id, "Smoky");
    comment(keep, other.user.id, "Peaty");
    image(dup, "dup-hash"); // the kept bottle has none: the duplicate's photo moves
    const both = meeting("2024-05-01"); // both poured: the kept pour stays
    const onlyDup = meeting("2024-06-01"); // only the duplicate: its pour moves
    pour(both, keep, 1);
    pour(both, dup, 2);
    pour(onlyDup, dup, 1);
    score(both, keep, member.user.id, 20);
    score(both, dup, member.user.id, 10); // collides with the member's score of the kept pour
    score(both, dup, other.user.id, 15); // moves to the kept pour
    score(onlyDup, dup, member.user.id, 18); // moves with its pour

    const rowsBefore = allRows();
    const keepBefore = counts(keep);
    const dupBefore = counts(dup);
    expect(dupBefore).toEqual({
      bottle_instances: 2,
      bottle_comments: 1,
      bottle_images: 1,
      meeting_bottles: 2,
      scores: 3,
      bottle_aliases: 1,
    });

    const res = await merge(dup, keep);
    expect(res.statusCode, res.body).toBe(200);
    const { activityId, alias, keepId } = res.json<{ activityId: number; alias: string; keepId: number }>();
    expect({ alias, keepId }).toEqual({ alias: "Lagavulin 16yo", keepId: keep });

    expect(counts(dup)).toEqual({
      bottle_instances: 0,
      bottle_comments: 0,
      bottle_images: 0,
      meeting_bottles: 0,
      scores: 0,
      bottle_aliases: 0,
    });
    expect(counts(keep)).toEqual({
      bottle_instances: keepBefore.bottle_instances! + 2,
      bottle_comments: keepBefore.bottle_comments! + 1,
      bottle_images: 1,
      meeting_bottles: keepBefore.meeting_bottles! + 1, // the pour at the meeting only it was at
      scores: keepBefore.scores! + 2, // the colliding score went with the duplicate
      bottle_aliases: 2,
    });
    // The kept pour's colliding score is the kept bottle's own.
    expect(
      sql()
        .prepare("SELECT nose FROM scores WHERE meeting_id = ? AND bottle_id = ? AND member_id = ?")
        .get(both, keep, member.user.id),
    ).toEqual({ nose: 20 });
    expect(sql().prepare("SELECT id FROM bottles WHERE id = ?").get(dup)).toBeUndefined();

    const detail = await t.request({ method: "GET", url: `/api/Bottles/${keep}` });
    expect(detail.json()).toMatchObject({
      aliases: ["Lagavullin 16", "Lagavulin 16yo"],
      hasImage: true,
      imageVersion: "dup-hash",
    });
    expect((await t.request({ method: "GET", url: `/api/Bottles/${dup}` })).statusCode).toBe(404);

    const log = await t.request({
      method: "GET",
      url: `/api/Activity?entity=bottle&entityId=${dup}`,
      token: admin.token,
    });
    expect(log.json<{ id: number; action: string; undoable: boolean }[]>()[0]).toMatchObject({
      id: activityId,
      action: "bottles.mergeInto",
      undoable: true,
    });

    const undone = await undo(activityId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(allRows()).toEqual(rowsBefore);
    expect(counts(dup)).toEqual(dupBefore);
    expect(counts(keep)).toEqual(keepBefore);
    expect((await t.request({ method: "GET", url: `/api/Bottles/${keep}` })).json()).toMatchObject({
      aliases: [],
    });
    expect((await t.request({ method: "GET", url: `/api/Bottles/${dup}` })).json()).toMatchObject({
      aliases: ["Lagavullin 16"],
    });
    expect((await undo(activityId)).statusCode).toBe(409);
  });

  it("keeps the kept bottle's photo, and the merged one's comes back on undo", async () => {
    const keep = await newBottle(t, member.token, { name: "Photo kept" });
    const dup = await newBottle(t, member.token, { name: "Photo dup" });
    image(keep, "keep-hash");
    image(dup, "other-hash");
    const before = allRows();
    const res = await merge(dup, keep);
    expect(res.statusCode).toBe(200);
    expect(
      sql()
        .prepare("SELECT bottle_id AS b, hash FROM bottle_images WHERE hash IN ('keep-hash', 'other-hash')")
        .all(),
    ).toEqual([{ b: keep, hash: "keep-hash" }]);
    expect((await undo(res.json<{ activityId: number }>().activityId)).statusCode).toBe(200);
    expect(allRows()).toEqual(before);
  });

  it("refuses to undo when a moved row changed since, and changes nothing", async () => {
    const keep = await newBottle(t, member.token, { name: "Changed keep" });
    const dup = await newBottle(t, member.token, { name: "Changed dup" });
    const instanceId = Number(purchase(dup, "2024-02-02", 5000).lastInsertRowid);
    const res = await merge(dup, keep);
    run("UPDATE bottle_instances SET purchase_price_cents = 6000 WHERE id = ?", instanceId);
    const after = allRows();
    const refused = await undo(res.json<{ activityId: number }>().activityId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(ServerMessages.changedSince);
    expect(allRows()).toEqual(after);
  });

  it("answers 400 for a bottle into itself, 404 for unknown ids, 403 for members, and changes nothing", async () => {
    const a = await newBottle(t, member.token, { name: "Refused A" });
    const b = await newBottle(t, member.token, { name: "Refused B" });
    const before = allRows();
    const self = await merge(a, a);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe(MergeMessages.mergeIntoItself);
    expect((await merge(a, 999_999)).statusCode).toBe(404);
    expect((await merge(999_999, a)).statusCode).toBe(404);
    expect((await merge(a, b, member.token)).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: `/api/Bottles/${a}/MergeInto/${b}` })).statusCode).toBe(
      401,
    );
    expect((await postJson(t, `/api/Bottles/abc/MergeInto/${b}`, {}, admin.token)).statusCode).toBe(400);
    expect(allRows()).toEqual(before);
  });

  it("refuses while either bottle is in a blind pour not revealed yet", async () => {
    const a = await newBottle(t, member.token, { name: "Blind A" });
    const b = await newBottle(t, member.token, { name: "Blind B" });
    const night = meeting("2024-07-01", true);
    pour(night, b);
    const res = await merge(a, b);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(MergeMessages.mergeHiddenPour);
    run("UPDATE meeting_bottles SET revealed_at = '2024-07-01T21:00:00Z' WHERE meeting_id = ?", night);
    expect((await merge(a, b)).statusCode).toBe(200);
  });
});
