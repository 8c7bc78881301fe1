import { is } from "drizzle-orm";
import {
  getTableConfig,
  SQLiteTable,
  type SQLiteColumn,
  type UpdateDeleteAction,
} from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * Which rows hang off which, read ONCE from the schema's foreign keys (Drizzle's table config),
 * never listed by hand (docs/product.md, "Rules"). Undo of a deletion (queries/entities.ts:
 * the rows a deletion takes along and gives back), merges (queries/merge.ts checks that it has a
 * rule for every table that hangs off a bottle) and the club export and restore
 * (queries/clubDump.ts: the tables in an order that puts parents first) all read it, so a new
 * table that references a bottle, a meeting or a member is handled, or fails a test
 * (apps/server/test/child-tables.test.ts), the day it is added.
 */

/** Every table of the Drizzle schema. */
export const SCHEMA_TABLES: readonly SQLiteTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is SQLiteTable => is(value, SQLiteTable),
);

export const sqlNameOf = (table: SQLiteTable): string => getTableConfig(table).name;

/** A column's name in SQL (the database uses `casing: "snake_case"`): bottleId -> bottle_id. */
export const sqlColumnOf = (column: SQLiteColumn): string =>
  column.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A table's name in a snapshot (camelCase of its SQL name): bottle_instances -> bottleInstances. */
export const snapshotNameOf = (table: SQLiteTable): string =>
  sqlNameOf(table).replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());

/** One foreign key: `columns` of `table` point at `parentColumns` of `parent`. */
export interface Reference {
  table: SQLiteTable;
  parent: SQLiteTable;
  columns: SQLiteColumn[];
  parentColumns: SQLiteColumn[];
  onDelete: UpdateDeleteAction;
}

/** Every foreign key of the schema. */
export const REFERENCES: readonly Reference[] = SCHEMA_TABLES.flatMap((table) =>
  getTableConfig(table).foreignKeys.map((fk): Reference => {
    const ref = fk.reference();
    return {
      table,
      parent: ref.foreignTable,
      columns: ref.columns,
      parentColumns: ref.foreignColumns,
      onDelete: fk.onDelete ?? "no action",
    };
  }),
);

/** The foreign keys that point at `parent`. */
export const referencesTo = (parent: SQLiteTable): Reference[] =>
  REFERENCES.filter((r) => r.parent === parent);

/** Rows of `table` that belong to one row of an entity: their `columns` hold the entity's key parts, in order. */
export interface ChildRows {
  table: SQLiteTable;
  /** The snapshot's name for them (bottleInstances, meetingBottles...). */
  name: string;
  columns: SQLiteColumn[];
}

/**
 * The rows a deletion of one row of `parent` (key in `keyColumns`) takes along: every table that
 * references it with ON DELETE CASCADE, and theirs in turn (a meeting's pours, and the pours'
 * scores), parents before children, each with the columns that hold the key.
 */
export function cascadeChildren(parent: SQLiteTable, keyColumns: SQLiteColumn[]): ChildRows[] {
  const found: ChildRows[] = [];
  const queue: { table: SQLiteTable; columns: SQLiteColumn[] }[] = [{ table: parent, columns: keyColumns }];
  const seen = new Set<SQLiteTable>([parent]);
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const ref of referencesTo(next.table)) {
      if (ref.onDelete !== "cascade" || seen.has(ref.table)) continue;
      const columns = next.columns.map((key) => ref.columns[ref.parentColumns.indexOf(key)]);
      if (columns.some((c) => c === undefined)) continue; // the key is not among what it points at
      const child = { table: ref.table, name: snapshotNameOf(ref.table), columns: columns as SQLiteColumn[] };
      seen.add(ref.table);
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * The rows that keep a row of `parent` from going away quietly (undoing its creation would delete
 * or orphan them): every direct reference except those that are set to null.
 */
export function dependentRows(parent: SQLiteTable, keyColumns: SQLiteColumn[]): ChildRows[] {
  return referencesTo(parent).flatMap((ref) => {
    if (ref.onDelete === "set null") return [];
    const columns = keyColumns.map((key) => ref.columns[ref.parentColumns.indexOf(key)]);
    if (columns.some((c) => c === undefined)) return [];
    return [{ table: ref.table, name: snapshotNameOf(ref.table), columns: columns as SQLiteColumn[] }];
  });
}

/**
 * Every table that hangs off `parent`, directly or through a cascade (a bottle's pours' scores):
 * what a merge, an export and a deletion's undo must each have an answer for.
 */
export function tablesHangingOff(parent: SQLiteTable): SQLiteTable[] {
  const tables = new Set<SQLiteTable>();
  const visit = (table: SQLiteTable) => {
    for (const ref of referencesTo(table)) {
      if (tables.has(ref.table) || ref.table === parent) continue;
      tables.add(ref.table);
      if (ref.onDelete === "cascade") visit(ref.table);
    }
  };
  visit(parent);
  return [...tables];
}

/**
 * The schema's tables by SQL name, each after every table it references (a circular reference, as
 * members <-> invites, is broken where it closes: the restore checks foreign keys at its end).
 */
export function tablesParentsFirst(): string[] {
  const order: string[] = [];
  const state = new Map<SQLiteTable, "visiting" | "done">();
  const visit = (table: SQLiteTable) => {
    if (state.has(table)) return;
    state.set(table, "visiting");
    for (const ref of REFERENCES) if (ref.table === table && ref.parent !== table) visit(ref.parent);
    state.set(table, "done");
    order.push(sqlNameOf(table));
  };
  for (const table of SCHEMA_TABLES) visit(table);
  return order;
}
