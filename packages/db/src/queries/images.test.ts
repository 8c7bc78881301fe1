import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, bottleImages, bottles, type Db } from "../index";
import { createTestDb } from "../testing";
import { listBottleImageHashes, listRestorableImageHashes, referencedImageHashes } from "./images";

const hash = (n: number) => n.toString(16).padStart(32, "0");
const imageRow = (bottleId: number, n: number) => ({
  bottleId,
  hash: hash(n),
  contentType: "image/webp",
  width: 10,
  height: 10,
  bytes: 100,
  updatedAt: "2026-01-01T00:00:00.000Z",
});

describe("image hashes something still refers to", () => {
  let db: Db;
  let cleanup: () => void;
  const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T12:00:00.000Z`;
  const log = (entry: Partial<typeof activity.$inferInsert> & { entity: string; before: unknown }) =>
    db
      .insert(activity)
      .values({ action: "test", entityId: "1", after: null, at: at(20), ...entry })
      .run();

  beforeAll(() => {
    ({ db, cleanup } = createTestDb());
    const bottleId = db.insert(bottles).values({ name: "B", abv: 40 }).returning({ id: bottles.id }).get().id;
    db.insert(bottleImages).values(imageRow(bottleId, 1)).run();
    log({ entity: "image", before: imageRow(bottleId, 2), after: imageRow(bottleId, 1) }); // replaced 2 by 1
    log({ entity: "image", before: null, after: imageRow(bottleId, 3) }); // an upload: "after" is never restored
    log({ entity: "image", before: imageRow(bottleId, 4), at: at(1) }); // too old
    log({ entity: "image", before: imageRow(bottleId, 5), undoneAt: at(21) }); // undone
    log({ entity: "image", before: imageRow(bottleId, 6), undoOf: 1 }); // an undo
    log({
      entity: "bottle",
      before: { id: 9, name: "Gone", _children: { bottleImages: [imageRow(9, 7)], bottleComments: [] } },
    });
    log({ entity: "bottle", before: { id: 8, name: "Renamed" }, after: { id: 8, name: "New" } });
    log({ entity: "comment", before: { hash: hash(10) } });
  });
  afterAll(() => cleanup());

  it("a bottle's image now", () => {
    expect(listBottleImageHashes(db)).toEqual([hash(1)]);
  });

  it("what an undo since the given time could write back: a replaced image, a deleted bottle's photo", () => {
    expect(listRestorableImageHashes(db, at(10)).sort()).toEqual([hash(2), hash(7)]);
    expect(listRestorableImageHashes(db, at(1)).sort()).toEqual([hash(2), hash(4), hash(7)]);
  });

  it("both together", () => {
    expect([...referencedImageHashes(db, at(10))].sort()).toEqual([hash(1), hash(2), hash(7)]);
  });
});
