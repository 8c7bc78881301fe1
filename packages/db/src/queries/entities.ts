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
  themes,
} from "../schema";

/**
 * The club's entities as the activity log sees them: a row (and, for a deletion, the rows that
 * go with it) read as a JSON-able snapshot, and written back on undo. Keys are strings: an id,
 * or "meetingId:bottleId" for a bottle in a meeting.
 */
export type EntityKind = "theme" | "meeting" | "meetingBottle" | "bottle" | "instance" | "comment" | "image";

type Row = Record<string, unknown>;

/** A snapshot: the entity's row, with the rows that belong to it when it is deleted. */
export type Snapshot = Row & { _children?: Record<string, Row[]> };

interface Child {
  name: string;
  table: SQLiteTable;
  column: SQLiteColumn;
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

const child = (name: string, table: SQLiteTable, column: SQLiteColumn): Child => ({ name, table, column });

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
    children: [child("meetingBottles", meetingBottles, meetingBottles.meetingId)],
    dependents: [child("meetingBottles", meetingBottles, meetingBottles.meetingId)],
  },
  meetingBottle: {
    table: meetingBottles,
    key: [meetingBottles.meetingId, meetingBottles.bottleId],
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

const CHILD_TABLES: Record<string, SQLiteTable> = {
  meetingBottles,
  bottleInstances,
  bottleComments,
  bottleImages,
};

export const isEntityKind = (value: string): value is EntityKind => value in ENTITIES;

function whereKey(def: EntityDef, key: string) {
  const parts = key.split(":").map(Number);
  if (parts.length !== def.key.length || parts.some((p) => !Number.isInteger(p)))
    throw new Error(`bad entity key ${key}`);
  return and(...def.key.map((column, i) => eq(column, parts[i] as number)));
}

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
  const keyValue = Number(key.split(":")[0]);
  const children: Record<string, Row[]> = {};
  for (const c of def.children)
    children[c.name] = db.select().from(c.table).where(eq(c.column, keyValue)).all();
  return { ...row, _children: children };
}

/** Whether other rows hang on the entity (undoing its creation would take them away). */
export function entityHasDependents(db: Db, kind: EntityKind, key: string): boolean {
  const keyValue = Number(key.split(":")[0]);
  return ENTITIES[kind].dependents.some(
    (c) => db.select().from(c.table).where(eq(c.column, keyValue)).limit(1).get() !== undefined,
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
  for (const [name, rows] of Object.entries(_children ?? {})) {
    const table = CHILD_TABLES[name];
    if (!table) throw new Error(`unknown child table ${name}`);
    for (const childRow of rows) db.insert(table).values(childRow).onConflictDoNothing().run();
  }
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
