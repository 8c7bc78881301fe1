import type { Db } from "./client";

/**
 * A query prepared once per database connection, on first use: Drizzle then builds its SQL and
 * better-sqlite3 compiles the statement a single time instead of on every call. Use it for the
 * hot reads; bind per-call values with `sql.placeholder(name)`.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
