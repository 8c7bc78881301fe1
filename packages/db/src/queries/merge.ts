import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { referencesTo, snapshotNameOf, sqlColumnOf, sqlNameOf } from "../childTables";
import type { Db } from "../client";
import {
  bottleAliases,
  bottleComments,
  bottleImages,
  bottleInstances,
  bottles,
  guestScores,
  meetingBottles,
  scores,
} from "../schema";
import { loadEntity, sameRow, type Snapshot } from "./entities";
import { findGuestScore, guestScoreAt } from "./guests";

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
    /** [meetingId, guestId] of the guests' scores that moved (absent in older records). */
    guestScores?: [number, number][];
    /** Aliases the merged bottle had (it was kept in an earlier merge). */
    aliases: number[];
  } & DefaultRuleMoves;
}

/**
 * For each table merged by the default rule (by snapshot name, e.g. `favourites`), the rows that
 * moved, each by its key without the bottle: the value of that one column (a favourite's
 * memberId), or the values in order when there are several. Absent for a table that had no rows,
 * or that was added after the merge.
 */
export type DefaultRuleMoves = { [table: string]: unknown };

type Row = Record<string, unknown>;

/** A member's score of one pour: the scores row's key. */
const memberScoreAt = (meetingId: number, bottleId: number, memberId: number) =>
  and(eq(scores.meetingId, meetingId), eq(scores.bottleId, bottleId), eq(scores.memberId, memberId));

/**
 * The tables a merge treats in their own way (by snapshot name), and how. Every other table that
 * references a bottle by one column with ON DELETE CASCADE follows DEFAULT_MERGE_RULE with no code
 * (a member's favourites).
 */
const SPECIAL_RULES: Readonly<Record<string, string>> = {
  bottleInstances: "move to the kept bottle",
  bottleComments: "move to the kept bottle",
  bottleImages: "the photo moves when the kept bottle has none, else goes with the merged bottle",
  bottleAliases: "move to the kept bottle; the merged bottle's name becomes one more",
  meetingBottles: "a pour moves unless the kept bottle was poured at that meeting too",
  scores: "move with their pour; a member who scored both pours of one meeting keeps the kept one's",
  guestScores: "move with their pour; a guest who scored both pours of one meeting keeps the kept one's",
};

export const DEFAULT_MERGE_RULE =
  "move to the kept bottle; a row the kept bottle already has (by the table's primary or unique key) goes with the merged bottle; undo gives every row back";

/** A table merged by the default rule: the column that names the bottle, and what else keys a row. */
interface DefaultMerge {
  table: SQLiteTable;
  /** Its snapshot name (the merged bottle's `_children` key). */
  name: string;
  bottleColumn: SQLiteColumn;
  /** The row's key without the bottle: its primary key's other columns (all other columns without one). */
  identity: SQLiteColumn[];
}

/** A column's key in the rows Drizzle reads (the table's property name). */
function keyOf(table: SQLiteTable, column: SQLiteColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`merge: column ${column.name} is not in ${sqlNameOf(table)}`);
  return entry[0];
}

function primaryKeyOf(table: SQLiteTable): SQLiteColumn[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((c): c is SQLiteColumn => c.primary);
  const composite = config.primaryKeys.flatMap((pk): SQLiteColumn[] => pk.columns);
  return [...single, ...composite];
}

/**
 * Read from the schema's foreign keys: every table that references bottles.id by one column with
 * ON DELETE CASCADE and has no special rule.
 */
export const DEFAULT_MERGES: readonly DefaultMerge[] = referencesTo(bottles)
  .filter(
    (ref) =>
      ref.onDelete === "cascade" &&
      ref.columns.length === 1 &&
      ref.parentColumns[0] === bottles.id &&
      !(snapshotNameOf(ref.table) in SPECIAL_RULES),
  )
  .map((ref) => {
    const bottleColumn = ref.columns[0]!;
    const key = primaryKeyOf(ref.table);
    const identity = (key.length > 0 ? key : getTableConfig(ref.table).columns).filter(
      (c) => c !== bottleColumn,
    );
    return { table: ref.table, name: snapshotNameOf(ref.table), bottleColumn, identity };
  });

/**
 * How a merge treats the rows of each table that hangs off a bottle (by snapshot name): the
 * special rules, and the default rule for the tables DEFAULT_MERGES finds. Every such table must
 * have a rule: apps/server/test/child-tables.test.ts reads them from the schema's foreign keys
 * (childTables.ts) and fails for a table without one. The undo gives each row back.
 */
export const MERGE_RULES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(DEFAULT_MERGES.map((d) => [d.name, DEFAULT_MERGE_RULE])),
  ...SPECIAL_RULES,
};

/** A row's key without the bottle, as the merge record keeps it (see DefaultRuleMoves). */
function identityOf(d: DefaultMerge, row: Row): unknown {
  const values = d.identity.map((c) => row[keyOf(d.table, c)]);
  return values.length === 1 ? values[0] : values;
}

/** The rows of `d.table` on `bottleId` whose key without the bottle is `identity`. */
function whereIdentity(d: DefaultMerge, bottleId: number, identity: unknown) {
  const values = d.identity.length === 1 ? [identity] : (identity as unknown[]);
  return and(eq(d.bottleColumn, bottleId), ...d.identity.map((c, i) => eq(c, values[i])));
}

/**
 * The default rule's merge of one table: every row moves to the kept bottle but those the kept
 * bottle already has by the table's primary or unique key (SQLite's UPDATE OR IGNORE skips them;
 * they go with the merged bottle). Returns the moved rows' keys.
 */
function mergeByDefaultRule(db: Db, d: DefaultMerge, rows: Row[], fromId: number, keepId: number): unknown[] {
  if (rows.length === 0) return [];
  const column = sqlColumnOf(d.bottleColumn);
  db.$client
    .prepare(`UPDATE OR IGNORE "${sqlNameOf(d.table)}" SET "${column}" = ? WHERE "${column}" = ?`)
    .run(keepId, fromId);
  const stayed = new Set(
    db
      .select()
      .from(d.table)
      .where(eq(d.bottleColumn, fromId))
      .all()
      .map((row) => JSON.stringify(identityOf(d, row))),
  );
  return rows.map((row) => identityOf(d, row)).filter((id) => !stayed.has(JSON.stringify(id)));
}

/** The default rule's undo of one table: the moved rows move back, and every row the merged bottle had is there again. */
function unmergeByDefaultRule(db: Db, d: DefaultMerge, rows: Row[], moved: unknown, record: MergeRecord) {
  for (const identity of Array.isArray(moved) ? (moved as unknown[]) : [])
    db.update(d.table)
      .set({ [keyOf(d.table, d.bottleColumn)]: record.mergedFromId })
      .where(whereIdentity(d, record.id, identity))
      .run();
  for (const row of rows) db.insert(d.table).values(row).onConflictDoNothing().run();
}

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
      .where(memberScoreAt(meetingId, keepId, memberId))
      .get();
    if (taken) continue; // the member scored the kept bottle there: that score stays, this one goes
    db.update(scores)
      .set({ bottleId: keepId })
      .where(memberScoreAt(meetingId, fromId, memberId))
      .run();
    movedScores.push([meetingId, memberId]);
  }
  const movedGuestScores: [number, number][] = [];
  for (const score of children.guestScores ?? []) {
    const meetingId = score.meetingId as number;
    const guestId = score.guestId as number;
    if (findGuestScore(db, meetingId, keepId, guestId)) continue;
    db.update(guestScores)
      .set({ bottleId: keepId })
      .where(guestScoreAt(meetingId, fromId, guestId))
      .run();
    movedGuestScores.push([meetingId, guestId]);
  }

  const movedByDefaultRule: DefaultRuleMoves = {};
  for (const d of DEFAULT_MERGES) {
    const moved = mergeByDefaultRule(db, d, children[d.name] ?? [], fromId, keepId);
    if (moved.length > 0) movedByDefaultRule[d.name] = moved;
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
        aliases: aliasIds,
        ...movedByDefaultRule,
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
      .where(memberScoreAt(meetingId, keepId, memberId))
      .run();
  for (const [meetingId, guestId] of moved.guestScores ?? [])
    db.update(guestScores)
      .set({ bottleId: fromId })
      .where(guestScoreAt(meetingId, keepId, guestId))
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
  for (const d of DEFAULT_MERGES) unmergeByDefaultRule(db, d, children[d.name] ?? [], moved[d.name], record);
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
      .where(memberScoreAt(meetingId, keepId, memberId))
      .get();
    const then = (children.scores ?? []).find((s) => s.meetingId === meetingId && s.memberId === memberId);
    if (!now || !then || !sameRow(now, asMoved(then))) return false;
  }
  for (const [meetingId, guestId] of record.moved.guestScores ?? []) {
    const now = findGuestScore(db, meetingId, keepId, guestId);
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
