import { and, eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client";
import {
  bottleComments,
  bottleImages,
  bottleInstances,
  bottles,
  meetingBottles,
  meetings,
  rsvps,
  scores,
  themes,
} from "../schema";
import { cascadeChildren, dependentRows, type ChildRows } from "../childTables";

/**
 * The club's entities as the activity log sees them: a row (and, for a deletion, the rows that
 * go with it) read as a JSON-able snapshot, and written back on undo. Keys are strings: an id,
 * or "meetingId:bottleId" for a bottle in a meeting.
 */
export type EntityKind =
  "theme" | "meeting" | "meetingBottle" | "bottle" | "instance" | "comment" | "image" | "rsvp" | "score";

type Row = Record<string, unknown>;

/** A snapshot: the entity's row, with the rows that belong to it when it is deleted. */
export type Snapshot = Row & { _children?: Record<string, Row[]> };

interface EntityDef {
  table: SQLiteTable;
  /** The key columns, in the order of the key's parts. */
  key: SQLiteColumn[];
  /** Rows that a deletion takes with it (foreign keys with ON DELETE CASCADE, read from the schema). */
  children: ChildRows[];
  /** Rows that keep an entity from being removed by undoing its creation (read from the schema). */
  dependents: ChildRows[];
}

/** Each kind's table and key; what hangs off it comes from the schema's foreign keys (childTables.ts). */
const KINDS: Record<EntityKind, { table: SQLiteTable; key: SQLiteColumn[] }> = {
  theme: { table: themes, key: [themes.id] },
  meeting: { table: meetings, key: [meetings.id] },
  meetingBottle: { table: meetingBottles, key: [meetingBottles.meetingId, meetingBottles.bottleId] },
  rsvp: { table: rsvps, key: [rsvps.meetingId, rsvps.memberId] },
  score: { table: scores, key: [scores.meetingId, scores.bottleId, scores.memberId] },
  bottle: { table: bottles, key: [bottles.id] },
  instance: { table: bottleInstances, key: [bottleInstances.id] },
  comment: { table: bottleComments, key: [bottleComments.id] },
  image: { table: bottleImages, key: [bottleImages.bottleId] },
};

const ENTITIES = Object.fromEntries(
  Object.entries(KINDS).map(([kind, { table, key }]) => [
    kind,
    { table, key, children: cascadeChildren(table, key), dependents: dependentRows(table, key) },
  ]),
) as Record<EntityKind, EntityDef>;

/** What a deletion of each kind takes along (snapshot names), for tests and the docs. */
export const childrenOf = (kind: EntityKind): ChildRows[] => ENTITIES[kind].children;

export const isEntityKind = (value: string): value is EntityKind => value in ENTITIES;

function keyParts(key: string, length: number): number[] {
  const parts = key.split(":").map(Number);
  if (parts.length !== length || parts.some((p) => !Number.isInteger(p)))
    throw new Error(`bad entity key ${key}`);
  return parts;
}

function whereKey(def: EntityDef, key: string) {
  const parts = keyParts(key, def.key.length);
  return and(...def.key.map((column, i) => eq(column, parts[i] as number)));
}

const whereChild = (c: ChildRows, parts: number[]) =>
  and(...c.columns.map((column, i) => eq(column, parts[i] as number)));

/** The entity's row now (and its children's rows with `withChildren`), or undefined. */
export function loadEntity(
  db: Db,
  kind: EntityKind,
  key: string,
  withChildren = false,
): Snapshot | undefined {
  const def = ENTITIES[kind];
  const row = db.select().from(def.table).where(whereKey(def, key)).get();
  if (!row || !withChildren || def.children.length === 0) return row;
  const parts = keyParts(key, def.key.length);
  const children: Record<string, Row[]> = {};
  for (const c of def.children)
    children[c.name] = db.select().from(c.table).where(whereChild(c, parts)).all();
  return { ...row, _children: children };
}

/** Whether other rows hang on the entity (undoing its creation would take them away). */
export function entityHasDependents(db: Db, kind: EntityKind, key: string): boolean {
  const parts = keyParts(key, ENTITIES[kind].key.length);
  return ENTITIES[kind].dependents.some(
    (c) => db.select().from(c.table).where(whereChild(c, parts)).limit(1).get() !== undefined,
  );
}

export function removeEntity(db: Db, kind: EntityKind, key: string): void {
  const def = ENTITIES[kind];
  db.delete(def.table).where(whereKey(def, key)).run();
}

/**
 * Inserts a deleted entity back, with the same key, and the rows it took with it (parents before
 * children: a score needs its pour). A snapshot's table the schema no longer has is skipped.
 */
export function insertEntity(db: Db, kind: EntityKind, snapshot: Snapshot): void {
  const { _children, ...row } = snapshot;
  db.insert(ENTITIES[kind].table).values(row).run();
  const children = _children ?? {};
  for (const child of ENTITIES[kind].children)
    for (const childRow of children[child.name] ?? [])
      db.insert(child.table).values(childRow).onConflictDoNothing().run();
}

/** Sets some of a row's values (an edit), or writes them all back (undo of an edit). */
export function updateEntity(db: Db, kind: EntityKind, key: string, snapshot: Row): void {
  const def = ENTITIES[kind];
  const { _children: _ignored, ...row } = snapshot as Snapshot;
  db.update(def.table).set(row).where(whereKey(def, key)).run();
}

/** Equal rows, whatever their key order (children are not compared). */
export function sameRow(a: Snapshot | null | undefined, b: Snapshot | null | undefined): boolean {
  if (!a || !b) return a === b;
  const strip = ({ _children: _c, ...row }: Snapshot) =>
    JSON.stringify(
      Object.keys(row)
        .sort()
        .map((k) => [k, row[k]]),
    );
  return strip(a) === strip(b);
}
