import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import {
  bottleAliases,
  bottleComments,
  bottleImages,
  bottleInstances,
  bottles,
  favourites,
  guestScores,
  meetingBottles,
  scores,
} from "../schema";
import { loadEntity, sameRow, type Snapshot } from "./entities";

/**
 * Merging a duplicate bottle into the one kept, and undoing it. The activity entry of a merge is
 * about the merged bottle: its "before" is the bottle with every row it had (loadEntity with
 * children), its "after" a MergeRecord saying which of those rows moved to the kept bottle (the
 * others went with the merged bottle: a pour at a meeting where the kept bottle was poured too,
 * the scores of members who scored both there, a photo when the kept bottle has its own).
 */
export interface MergeRecord {
  /** The kept bottle (id, name: the activity log names it). */
  id: number;
  name: string;
  mergedFromId: number;
  aliasId: number;
  moved: {
    bottleInstances: number[];
    bottleComments: number[];
    bottleImage: boolean;
    /** Meetings whose pour of the merged bottle became the kept bottle's pour. */
    meetingBottles: number[];
    /** [meetingId, memberId] of the scores that moved. */
    scores: [number, number][];
    /** [meetingId, guestId] of the guests' scores that moved (issue 26; absent in older records). */
    guestScores?: [number, number][];
    /** The members whose favourite moved to the kept bottle (issue 24; absent in older records). */
    favourites?: number[];
    /** Aliases the merged bottle had (it was kept in an earlier merge). */
    aliases: number[];
  };
}

type Row = Record<string, unknown>;

/**
 * How a merge treats the rows of each table that hangs off a bottle (by snapshot name). Every such
 * table must have a rule: apps/server/test/child-tables.test.ts reads them from the schema's
 * foreign keys (childTables.ts) and fails for a table without one. The undo gives each row back.
 */
export const MERGE_RULES: Readonly<Record<string, string>> = {
  bottleInstances: "move to the kept bottle",
  bottleComments: "move to the kept bottle",
  bottleImages: "the photo moves when the kept bottle has none, else goes with the merged bottle",
  bottleAliases: "move to the kept bottle; the merged bottle's name becomes one more",
  meetingBottles: "a pour moves unless the kept bottle was poured at that meeting too",
  scores: "move with their pour; a member who scored both pours of one meeting keeps the kept one's",
  guestScores: "move with their pour; a guest who scored both pours of one meeting keeps the kept one's",
  favourites: "move to the kept bottle; a member who marked both keeps one mark",
};

/**
 * Moves everything of bottle `fromId` to `keepId`, deletes `fromId` and records its name as an
 * alias of `keepId`. Call inside a transaction; both bottles must exist.
 */
export function mergeBottleRows(
  db: Db,
  fromId: number,
  keepId: number,
  createdBy: number,
): { before: Snapshot; record: MergeRecord } {
  const before = loadEntity(db, "bottle", String(fromId), true);
  const keep = db
    .select({ id: bottles.id, name: bottles.name })
    .from(bottles)
    .where(eq(bottles.id, keepId))
    .get();
  if (!before || !keep) throw new Error("mergeBottleRows: both bottles must exist");
  const children = before._children ?? {};
  const ids = (name: string) => (children[name] ?? []).map((r) => r.id as number);

  const instanceIds = ids("bottleInstances");
  const commentIds = ids("bottleComments");
  if (instanceIds.length > 0)
    db.update(bottleInstances)
      .set({ bottleId: keepId })
      .where(inArray(bottleInstances.id, instanceIds))
      .run();
  if (commentIds.length > 0)
    db.update(bottleComments).set({ bottleId: keepId }).where(inArray(bottleComments.id, commentIds)).run();

  const keepHasImage =
    db.select().from(bottleImages).where(eq(bottleImages.bottleId, keepId)).get() !== undefined;
  const moveImage = (children.bottleImages ?? []).length > 0 && !keepHasImage;
  if (moveImage)
    db.update(bottleImages).set({ bottleId: keepId }).where(eq(bottleImages.bottleId, fromId)).run();

  const keepPours = new Set(
    db
      .select({ meetingId: meetingBottles.meetingId })
      .from(meetingBottles)
      .where(eq(meetingBottles.bottleId, keepId))
      .all()
      .map((r) => r.meetingId),
  );
  const movedPours: number[] = [];
  for (const pour of children.meetingBottles ?? []) {
    const meetingId = pour.meetingId as number;
    if (keepPours.has(meetingId)) continue;
    db.insert(meetingBottles)
      .values({ ...(pour as typeof meetingBottles.$inferInsert), bottleId: keepId })
      .run();
    movedPours.push(meetingId);
  }
  const movedScores: [number, number][] = [];
  for (const score of children.scores ?? []) {
    const meetingId = score.meetingId as number;
    const memberId = score.memberId as number;
    const taken = db
      .select({ m: scores.memberId })
      .from(scores)
      .where(and(eq(scores.meetingId, meetingId), eq(scores.bottleId, keepId), eq(scores.memberId, memberId)))
      .get();
    if (taken) continue; // the member scored the kept bottle there: that score stays, this one goes
    db.update(scores)
      .set({ bottleId: keepId })
      .where(and(eq(scores.meetingId, meetingId), eq(scores.bottleId, fromId), eq(scores.memberId, memberId)))
      .run();
    movedScores.push([meetingId, memberId]);
  }
  const movedGuestScores: [number, number][] = [];
  for (const score of children.guestScores ?? []) {
    const meetingId = score.meetingId as number;
    const guestId = score.guestId as number;
    const at = (bottleId: number) =>
      and(
        eq(guestScores.meetingId, meetingId),
        eq(guestScores.bottleId, bottleId),
        eq(guestScores.guestId, guestId),
      );
    if (db.select({ g: guestScores.guestId }).from(guestScores).where(at(keepId)).get()) continue;
    db.update(guestScores).set({ bottleId: keepId }).where(at(fromId)).run();
    movedGuestScores.push([meetingId, guestId]);
  }

  // Favourites: the kept bottle gets the mark of each member who had only the merged one.
  const movedFavourites: number[] = [];
  for (const mark of children.favourites ?? []) {
    const memberId = mark.memberId as number;
    const added = db
      .insert(favourites)
      .values({ memberId, bottleId: keepId, createdAt: mark.createdAt as string })
      .onConflictDoNothing()
      .run();
    if (added.changes > 0) movedFavourites.push(memberId);
  }

  const aliasIds = db
    .select({ id: bottleAliases.id })
    .from(bottleAliases)
    .where(eq(bottleAliases.bottleId, fromId))
    .all()
    .map((r) => r.id);
  if (aliasIds.length > 0)
    db.update(bottleAliases).set({ bottleId: keepId }).where(inArray(bottleAliases.id, aliasIds)).run();
  const alias = db
    .insert(bottleAliases)
    .values({ bottleId: keepId, name: before.name as string, mergedFromId: fromId, createdBy })
    .returning({ id: bottleAliases.id })
    .get();

  db.delete(bottles).where(eq(bottles.id, fromId)).run();
  return {
    before,
    record: {
      id: keepId,
      name: keep.name,
      mergedFromId: fromId,
      aliasId: alias.id,
      moved: {
        bottleInstances: instanceIds,
        bottleComments: commentIds,
        bottleImage: moveImage,
        meetingBottles: movedPours,
        scores: movedScores,
        guestScores: movedGuestScores,
        favourites: movedFavourites,
        aliases: aliasIds,
      },
    },
  };
}

/** Why a merge cannot be undone as it stands: "changed" (its rows changed since) or "gone". */
export type UnmergeRefusal = "changed" | "gone";

/**
 * Puts a merged bottle back: its row, every row that moved to the kept bottle moved back, the
 * rows that went with it restored, its alias removed. Call inside a transaction. Refuses (and
 * writes nothing) when the kept bottle is gone or a moved row changed since the merge.
 */
export function unmergeBottleRows(db: Db, before: Snapshot, record: MergeRecord): UnmergeRefusal | null {
  const fromId = record.mergedFromId;
  const keepId = record.id;
  const { _children, ...bottleRow } = before;
  const children = _children ?? {};
  if (db.select({ id: bottles.id }).from(bottles).where(eq(bottles.id, fromId)).get()) return "changed";
  if (!db.select({ id: bottles.id }).from(bottles).where(eq(bottles.id, keepId)).get()) return "gone";
  if (!unchangedSinceMerge(db, children, record)) return "changed";

  db.insert(bottles)
    .values(bottleRow as typeof bottles.$inferInsert)
    .run();
  const { moved } = record;
  if (moved.bottleInstances.length > 0)
    db.update(bottleInstances)
      .set({ bottleId: fromId })
      .where(inArray(bottleInstances.id, moved.bottleInstances))
      .run();
  if (moved.bottleComments.length > 0)
    db.update(bottleComments)
      .set({ bottleId: fromId })
      .where(inArray(bottleComments.id, moved.bottleComments))
      .run();
  if (moved.aliases.length > 0)
    db.update(bottleAliases).set({ bottleId: fromId }).where(inArray(bottleAliases.id, moved.aliases)).run();
  if (moved.bottleImage)
    db.update(bottleImages).set({ bottleId: fromId }).where(eq(bottleImages.bottleId, keepId)).run();

  for (const pour of children.meetingBottles ?? [])
    db.insert(meetingBottles)
      .values(pour as typeof meetingBottles.$inferInsert)
      .run();
  for (const [meetingId, memberId] of moved.scores)
    db.update(scores)
      .set({ bottleId: fromId })
      .where(and(eq(scores.meetingId, meetingId), eq(scores.bottleId, keepId), eq(scores.memberId, memberId)))
      .run();
  for (const [meetingId, guestId] of moved.guestScores ?? [])
    db.update(guestScores)
      .set({ bottleId: fromId })
      .where(
        and(
          eq(guestScores.meetingId, meetingId),
          eq(guestScores.bottleId, keepId),
          eq(guestScores.guestId, guestId),
        ),
      )
      .run();
  for (const meetingId of moved.meetingBottles)
    db.delete(meetingBottles)
      .where(and(eq(meetingBottles.meetingId, meetingId), eq(meetingBottles.bottleId, keepId)))
      .run();
  // What went with the merged bottle: scores that collided, its photo when the kept one had its own.
  for (const score of children.scores ?? [])
    db.insert(scores)
      .values(score as typeof scores.$inferInsert)
      .onConflictDoNothing()
      .run();
  for (const score of children.guestScores ?? [])
    db.insert(guestScores)
      .values(score as typeof guestScores.$inferInsert)
      .onConflictDoNothing()
      .run();
  if (!moved.bottleImage)
    for (const image of children.bottleImages ?? [])
      db.insert(bottleImages)
        .values(image as typeof bottleImages.$inferInsert)
        .run();
  for (const memberId of moved.favourites ?? [])
    db.delete(favourites)
      .where(and(eq(favourites.memberId, memberId), eq(favourites.bottleId, keepId)))
      .run();
  for (const mark of children.favourites ?? [])
    db.insert(favourites)
      .values(mark as typeof favourites.$inferInsert)
      .onConflictDoNothing()
      .run();
  db.delete(bottleAliases).where(eq(bottleAliases.id, record.aliasId)).run();
  return null;
}

/** Every row the merge moved is still on the kept bottle as the merge left it, and nothing joined its moved pours. */
function unchangedSinceMerge(db: Db, children: Record<string, Row[]>, record: MergeRecord): boolean {
  const keepId = record.id;
  const asMoved = (row: Row) => ({ ...row, bottleId: keepId });
  const byId = (name: string, id: number) => (children[name] ?? []).find((r) => r.id === id);
  for (const id of record.moved.bottleInstances) {
    const now = db.select().from(bottleInstances).where(eq(bottleInstances.id, id)).get();
    const then = byId("bottleInstances", id);
    if (!now || !then || !sameRow(now, asMoved(then))) return false;
  }
  for (const id of record.moved.bottleComments) {
    const now = db.select().from(bottleComments).where(eq(bottleComments.id, id)).get();
    const then = byId("bottleComments", id);
    if (!now || !then || !sameRow(now, asMoved(then))) return false;
  }
  for (const id of record.moved.aliases) {
    const now = db.select().from(bottleAliases).where(eq(bottleAliases.id, id)).get();
    if (!now || now.bottleId !== keepId) return false;
  }
  const alias = db.select().from(bottleAliases).where(eq(bottleAliases.id, record.aliasId)).get();
  if (!alias || alias.bottleId !== keepId) return false;
  if (record.moved.bottleImage) {
    const now = db.select().from(bottleImages).where(eq(bottleImages.bottleId, keepId)).get();
    const then = (children.bottleImages ?? [])[0];
    if (!now || !then || !sameRow(now, asMoved(then))) return false;
  }
  for (const [meetingId, memberId] of record.moved.scores) {
    const now = db
      .select()
      .from(scores)
      .where(and(eq(scores.meetingId, meetingId), eq(scores.bottleId, keepId), eq(scores.memberId, memberId)))
      .get();
    const then = (children.scores ?? []).find((s) => s.meetingId === meetingId && s.memberId === memberId);
    if (!now || !then || !sameRow(now, asMoved(then))) return false;
  }
  for (const [meetingId, guestId] of record.moved.guestScores ?? []) {
    const now = db
      .select()
      .from(guestScores)
      .where(
        and(
          eq(guestScores.meetingId, meetingId),
          eq(guestScores.bottleId, keepId),
          eq(guestScores.guestId, guestId),
        ),
      )
      .get();
    const then = (children.guestScores ?? []).find((s) => s.meetingId === meetingId && s.guestId === guestId);
    if (!now || !then || !sameRow(now, asMoved(then))) return false;
  }
  for (const meetingId of record.moved.meetingBottles) {
    const guestsScored = db
      .select({ guestId: guestScores.guestId })
      .from(guestScores)
      .where(and(eq(guestScores.meetingId, meetingId), eq(guestScores.bottleId, keepId)))
      .all();
    const guestsMovedHere = (record.moved.guestScores ?? []).filter(([m]) => m === meetingId).length;
    if (guestsScored.length !== guestsMovedHere) return false;
    const scored = db
      .select({ memberId: scores.memberId })
      .from(scores)
      .where(and(eq(scores.meetingId, meetingId), eq(scores.bottleId, keepId)))
      .all();
    const movedHere = record.moved.scores.filter(([m]) => m === meetingId).length;
    if (scored.length !== movedHere) return false;
  }
  return true;
}
