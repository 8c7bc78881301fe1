import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The handle inside `db.transaction((tx) => ...)`; query functions that may run inside one take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface OpenDbOptions {
  /** Called with the SQL of every statement the connection executes (tests count statements with it). */
  onStatement?: (sql: string) => void;
}

/** Opens (creating if needed) the SQLite file with WAL, foreign keys and a busy timeout. */
export function openDb(file: string, options: OpenDbOptions = {}): Db {
  const { onStatement } = options;
  const sqlite = new Database(file, onStatement ? { verbose: (sql) => onStatement(String(sql)) } : {});
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return drizzle({ client: sqlite, schema, casing: "snake_case" });
}

export function closeDb(db: Db): void {
  if (db.$client.open) {
    db.$client.pragma("optimize");
    db.$client.close();
  }
}
