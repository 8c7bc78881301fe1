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

interface Child {
  name: string;
  table: SQLiteTable;
  /** The child's columns that hold the entity's key (its first parts, in order). */
  columns: SQLiteColumn[];
}

interface EntityDef {
  table: SQLiteTable;
  /** The key columns, in the order of the key's parts. */
  key: SQLiteColumn[];
  /** Rows that a deletion takes with it (foreign keys with ON DELETE CASCADE). */
  children: Child[];
  /** Rows that keep an entity from being removed by undoing its creation. */
  dependents: Child[];
}

const child = (name: string, table: SQLiteTable, ...columns: SQLiteColumn[]): Child => ({
  name,
  table,
  columns,
});

const ENTITIES: Record<EntityKind, EntityDef> = {
  theme: {
    table: themes,
    key: [themes.id],
    children: [],
    dependents: [child("meetings", meetings, meetings.themeId)],
  },
  meeting: {
    table: meetings,
    key: [meetings.id],
    children: [
      child("meetingBottles", meetingBottles, meetingBottles.meetingId),
      child("rsvps", rsvps, rsvps.meetingId),
      child("scores", scores, scores.meetingId),
    ],
    dependents: [
      child("meetingBottles", meetingBottles, meetingBottles.meetingId),
      child("rsvps", rsvps, rsvps.meetingId),
    ],
  },
  meetingBottle: {
    table: meetingBottles,
    key: [meetingBottles.meetingId, meetingBottles.bottleId],
    children: [child("scores", scores, scores.meetingId, scores.bottleId)],
    dependents: [child("scores", scores, scores.meetingId, scores.bottleId)],
  },
  rsvp: { table: rsvps, key: [rsvps.meetingId, rsvps.memberId], children: [], dependents: [] },
  score: {
    table: scores,
    key: [scores.meetingId, scores.bottleId, scores.memberId],
    children: [],
    dependents: [],
  },
  bottle: {
    table: bottles,
    key: [bottles.id],
    children: [
      child("bottleInstances", bottleInstances, bottleInstances.bottleId),
      child("bottleComments", bottleComments, bottleComments.bottleId),
      child("bottleImages", bottleImages, bottleImages.bottleId),
      child("meetingBottles", meetingBottles, meetingBottles.bottleId),
      child("scores", scores, scores.bottleId),
    ],
    dependents: [
      child("bottleInstances", bottleInstances, bottleInstances.bottleId),
      child("bottleComments", bottleComments, bottleComments.bottleId),
      child("bottleImages", bottleImages, bottleImages.bottleId),
      child("meetingBottles", meetingBottles, meetingBottles.bottleId),
    ],
  },
  instance: { table: bottleInstances, key: [bottleInstances.id], children: [], dependents: [] },
  comment: { table: bottleComments, key: [bottleComments.id], children: [], dependents: [] },
  image: { table: bottleImages, key: [bottleImages.bottleId], children: [], dependents: [] },
};

/** Children are restored in this order (a score needs its pour). */
const CHILD_TABLES: Record<string, SQLiteTable> = {
  meetingBottles,
  rsvps,
  bottleInstances,
  bottleComments,
  bottleImages,
  scores,
};

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

const whereChild = (c: Child, parts: number[]) =>
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

/** Inserts a deleted entity back, with the same key, and the rows it took with it. */
export function insertEntity(db: Db, kind: EntityKind, snapshot: Snapshot): void {
  const { _children, ...row } = snapshot;
  db.insert(ENTITIES[kind].table).values(row).run();
  const children = _children ?? {};
  for (const [name, table] of Object.entries(CHILD_TABLES))
    for (const childRow of children[name] ?? [])
      db.insert(table).values(childRow).onConflictDoNothing().run();
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
