import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, getTableColumns } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { cascadeChildren, REFERENCES, sqlNameOf } from "./childTables";
import { closeDb, openDb, type Db } from "./client";
import { runMigrations } from "./migrate";

/** A real, migrated SQLite file in a fresh temp dir. Call cleanup() when done. */
export function createTestDb(): { db: Db; dir: string; file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "club-db-"));
  const file = join(dir, "club.sqlite");
  const db = openDb(file);
  runMigrations(db);
  return {
    db,
    dir,
    file,
    cleanup: () => {
      closeDb(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives the entity `key` of `parent` (a bottle's or a meeting's id) a row in every table that
 * hangs off it (childTables.ts: cascading foreign keys, directly or through another child) and has
 * none yet, made from the schema alone: the key columns hold the entity's key, every other foreign
 * key points at an existing row of its table (one that agrees with the columns already set, for a
 * key of several columns), a NOT NULL column without a default gets a plain value of its type (an
 * enum's first value). Tables parents first, so a child's row can point at its parent's. Returns
 * the snapshot names of the tables it filled; throws, naming the table, when it cannot make a row
 * (a trigger's rule, a parent with no row): the test's fixture must then make one by hand.
 * For apps/server/test/child-tables.test.ts: a new child table needs no line in its fixture.
 */
export function fillChildRows(db: Db, parent: SQLiteTable, key: number): string[] {
  const keyColumn = getTableConfig(parent).columns.find((c): c is SQLiteColumn => c.primary);
  if (!keyColumn) throw new Error(`fillChildRows: ${sqlNameOf(parent)} has no single-column key`);
  const filled: string[] = [];
  for (const child of cascadeChildren(parent, [keyColumn])) {
    const keyOnChild = child.columns[0]!;
    const has = db.select().from(child.table).where(eq(keyOnChild, key)).limit(1).all();
    if (has.length > 0) continue;
    const values = new Map<SQLiteColumn, unknown>([[keyOnChild, key]]);
    for (const ref of REFERENCES.filter((r) => r.table === child.table)) {
      if (ref.columns.every((c) => values.has(c))) continue;
      const known = ref.columns.flatMap((c, i) =>
        values.has(c) ? [eq(ref.parentColumns[i]!, values.get(c))] : [],
      );
      const row = db
        .select()
        .from(ref.parent)
        .where(and(...known))
        .limit(1)
        .get();
      if (!row) {
        if (ref.columns.some((c) => c.notNull))
          throw new Error(`fillChildRows: no row of ${sqlNameOf(ref.parent)} for ${child.name}`);
        continue;
      }
      ref.columns.forEach((c, i) => values.set(c, row[propertyOf(ref.parent, ref.parentColumns[i]!)]));
    }
    const insert: Record<string, unknown> = {};
    const columns = Object.entries(getTableColumns(child.table)) as [string, SQLiteColumn][];
    for (const [property, column] of columns) {
      if (values.has(column)) insert[property] = values.get(column);
      else if (column.notNull && !column.hasDefault && !column.primary) insert[property] = plainValue(column);
    }
    try {
      db.insert(child.table).values(insert).run();
    } catch (error) {
      throw new Error(`fillChildRows: cannot make a row of ${child.name} (${String(error)})`, {
        cause: error,
      });
    }
    filled.push(child.name);
  }
  return filled;
}

function propertyOf(table: SQLiteTable, column: SQLiteColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`fillChildRows: ${column.name} is not a column of ${sqlNameOf(table)}`);
  return entry[0];
}

/** A plain value of a column's type. */
function plainValue(column: SQLiteColumn): unknown {
  if (column.enumValues && column.enumValues.length > 0) return column.enumValues[0];
  switch (column.dataType) {
    case "number":
      return 1;
    case "boolean":
      return true;
    case "json":
      return [];
    case "date":
      return new Date(0);
    case "bigint":
      return 1n;
    case "buffer":
      return Buffer.from("x");
    default:
      return "filler";
  }
}
