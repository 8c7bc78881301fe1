import type { Db } from "../client";
import { tablesParentsFirst } from "../childTables";

/**
 * Tables left out on purpose: sessions, API tokens and single-use links (a restore logs everyone
 * out and ends every token), mail waiting to be sent, the server's push keys, the webhooks' deliveries
 * (their outbox and log: a restored club does not post its past again), and the migrations
 * journal. Every other table is exported.
 */
export const CLUB_TABLES_LEFT_OUT = [
  "refresh_tokens",
  "member_sessions",
  "api_tokens",
  "password_reset_tokens",
  "email_confirmation_tokens",
  "invites",
  "outbox",
  "push_keys",
  "webhook_deliveries",
  "__drizzle_migrations",
  "sqlite_sequence",
] as const;

/**
 * The tables a club export holds: every table of the schema but those left out, in an order that
 * inserts parents before children, read from the schema's foreign keys (childTables.ts), so a new
 * table is exported the day it is added. Members keep their password hashes so that a restored
 * club can log in (the export is admin-only).
 */
export const CLUB_TABLES: readonly string[] = tablesParentsFirst().filter(
  (table) => !(CLUB_TABLES_LEFT_OUT as readonly string[]).includes(table),
);

export interface TableDump {
  columns: string[];
  rows: unknown[][];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const columnsOf = (db: Db, table: string): string[] =>
  (db.$client.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string }[]).map((c) => c.name);

/** Every real table of the database (not FTS shadow tables or other virtual tables' parts). */
export function listTables(db: Db): string[] {
  const rows = db.$client
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string; sql: string | null }[];
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? "")).map((r) => r.name);
  return rows
    .map((r) => r.name)
    .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
}

export function dumpTables(db: Db): Record<string, TableDump> {
  const out: Record<string, TableDump> = {};
  for (const table of CLUB_TABLES) {
    const columns = columnsOf(db, table);
    const rows = db.$client
      .prepare(`SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)} ORDER BY rowid`)
      .raw()
      .all() as unknown[][];
    out[table] = { columns, rows };
  }
  return out;
}

/**
 * Replaces the club's tables with the dump's rows. Call inside a transaction: foreign keys are
 * checked at its end (defer_foreign_keys), and a broken reference throws before anything is kept.
 * Columns the file has and this schema lacks are ignored; missing ones take their defaults.
 * Returns the rows restored per table.
 */
export function restoreTables(
  db: Db,
  tables: Record<string, TableDump>,
  keepRow: (table: string, row: Record<string, unknown>) => boolean = () => true,
): Record<string, number> {
  db.$client.pragma("defer_foreign_keys = ON");
  const searchIndex = suspendSearchIndex(db);
  for (const table of [...CLUB_TABLES].reverse()) db.$client.prepare(`DELETE FROM ${quote(table)}`).run();
  for (const table of [
    "refresh_tokens",
    "member_sessions",
    "api_tokens",
    "password_reset_tokens",
    "email_confirmation_tokens",
    "invites",
  ])
    db.$client.prepare(`DELETE FROM ${quote(table)}`).run();
  const counts: Record<string, number> = {};
  for (const table of CLUB_TABLES) {
    const dump = tables[table];
    counts[table] = 0;
    if (!dump) continue;
    const known = new Set(columnsOf(db, table));
    const used = dump.columns.map((c, i) => [c, i] as const).filter(([c]) => known.has(c));
    if (used.length === 0) continue;
    const insert = db.$client.prepare(
      `INSERT INTO ${quote(table)} (${used.map(([c]) => quote(c)).join(", ")}) VALUES (${used.map(() => "?").join(", ")})`,
    );
    for (const row of dump.rows) {
      const values = used.map(([, i]) => row[i] ?? null);
      if (!keepRow(table, Object.fromEntries(used.map(([c], k) => [c, values[k]])))) continue;
      insert.run(...values);
      counts[table]++;
    }
  }
  searchIndex.rebuild();
  const broken = db.$client.prepare("PRAGMA foreign_key_check").all() as { table: string }[];
  if (broken.length > 0) throw new BrokenReferencesError(broken[0]!.table);
  return counts;
}

/**
 * The library's search index is kept in step row by row by triggers (migration 0006): each comment
 * written rebuilds its bottle's entry from all of that bottle's comments, so restoring a club of
 * 2,000 comments spent ~0.9 s in them. For a restore the triggers are dropped (inside the
 * restore's transaction), every row is loaded, the index is filled once from its view, and the
 * triggers are made again from their own SQL as the database holds it.
 */
function suspendSearchIndex(db: Db): { rebuild: () => void } {
  const client = db.$client;
  const triggers = client
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'bottle\\_search\\_%' ESCAPE '\\'",
    )
    .all() as { name: string; sql: string }[];
  for (const trigger of triggers) client.exec(`DROP TRIGGER ${quote(trigger.name)}`);
  return {
    rebuild: () => {
      const columns = columnsOf(db, "bottle_search").map(quote).join(", ");
      client.exec("DELETE FROM bottle_search");
      client.exec(
        `INSERT INTO bottle_search (rowid, ${columns}) SELECT id, ${columns} FROM bottle_search_source`,
      );
      for (const trigger of triggers) client.exec(trigger.sql);
    },
  };
}

export class BrokenReferencesError extends Error {
  constructor(readonly table: string) {
    super(`a row of ${table} refers to a row the file does not have`);
  }
}
