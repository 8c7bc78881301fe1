import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, MigrationError, openDb, planMigrations, readMigrations, type Migration } from "@club/db";
import { migrateAtStart } from "../src/features/backups/beforeUpgrade";
import { listBackups } from "../src/features/backups/folder";
import { loadConfig } from "../src/config";
import { builtServerEntry, freePort, serverDir } from "../bench/serverProcess";
import { createTestApp, type TestApp } from "./helpers";
import { memberTokens, type FixtureManifest } from "./upgrade/makeFixture";

/**
 * An upgrade keeps every row: the previous release's club (test/upgrade/<version>/, made once by
 * test/upgrade/makeFixture.ts from that release's code: a scored blind night with guests, an open
 * night, RSVPs, a ledger with a void and a waiver, photos, invites) is started with today's server.
 * Every table, column and row it had is still there, every file under DATA_DIR too, and every read
 * it recorded answers as it did (the same status, and every field it had with the same value: new
 * fields may come). It checks what survives, not which migrations there are: migrations added
 * later run on it the same way.
 */
const PREVIOUS = "1.0.0";
const FIXTURE = fileURLToPath(new URL(`./upgrade/${PREVIOUS}/`, import.meta.url));
const manifest = JSON.parse(readFileSync(join(FIXTURE, "manifest.json"), "utf8")) as FixtureManifest;

/**
 * What today's release changes on purpose in the previous release's club, each with its reason.
 * A column listed here may hold other values after the migrations (it must still exist); a read
 * listed here must still answer with its status and type, but its fields may differ. Anything else
 * that differs is a lost row or a changed answer.
 */
const CHANGED_ON_PURPOSE = {
  columns: {
    "meetings.host_member_id":
      "one host: a host typed as exactly one member's full name is that member, who runs the night",
  } as Record<string, string>,
  /** A read's answer changed on purpose: the whole answer, or only the fields named. */
  reads: [
    ...["/trpc/dues.me", "/trpc/dues.list", "/trpc/dues.report"].map((url) => ({
      url,
      fields: undefined,
      why: "a waiver covers each month as that month is charged: it never turns old debt into credit",
    })),
    {
      url: "/trpc/night.get",
      fields: ["hostMemberId", "host"],
      why: "one host: the member named as host is the night's host",
    },
  ] as { url: string; fields: string[] | undefined; why: string }[],
};

/** What of a recorded answer must still hold: all of it, less what changed on purpose. */
function stillExpected(url: string, json: unknown): unknown {
  const change = CHANGED_ON_PURPOSE.reads.find((r) => url.startsWith(r.url));
  if (!change) return json;
  if (!change.fields) return undefined;
  const copy = structuredClone(json) as { result?: { data?: Record<string, unknown> } };
  for (const field of change.fields) delete copy.result?.data?.[field];
  return copy;
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The fixture's DATA_DIR, copied to a temp folder (the fixture itself is never written). */
function copyOfFixture(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "club-upgrade-"));
  cpSync(join(FIXTURE, "club"), dataDir, { recursive: true });
  return dataDir;
}

interface TableRows {
  columns: string[];
  rows: unknown[][];
}

/**
 * Every ordinary table of a database file and its rows (as arrays, in the table's column order):
 * the full-text index (a virtual table and its shadow tables) is derived data and left out.
 */
function tablesOf(file: string): Map<string, TableRows> {
  const db = new Database(file, { readonly: true });
  try {
    const all = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string; sql: string }[];
    const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
    const tables = new Map<string, TableRows>();
    for (const { name } of all) {
      if (virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue;
      const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map(
        (c) => c.name,
      );
      const rows = db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][];
      tables.set(name, { columns, rows });
    }
    return tables;
  } finally {
    db.close();
  }
}

describe(`an upgrade from ${PREVIOUS} (the previous release's club)`, () => {
  let dataDir: string;
  let before: Map<string, TableRows>;
  let pending: Migration[];
  let t: TestApp;

  beforeAll(async () => {
    dataDir = copyOfFixture();
    before = tablesOf(join(dataDir, "club.sqlite"));
    const probe = openDb(join(dataDir, "club.sqlite"));
    pending = planMigrations(probe).pending;
    closeDb(probe);
    const now = new Date(manifest.now);
    t = await createTestApp({ dataDir, now: () => now, env: manifest.env });
    // The start's image sweep (files nothing refers to are deleted) has run before anything is read.
    await t.app.deps.images.settled();
  });
  afterAll(() => t?.close());

  it("is a club: a blind night scored and revealed, guests, a ledger with a void and a waiver, photos, invites", () => {
    const rows = (table: string) => before.get(table)?.rows.length ?? 0;
    for (const table of [
      "members",
      "meetings",
      "scores",
      "guests",
      "dues_entries",
      "bottle_images",
      "invites",
    ])
      expect(rows(table), table).toBeGreaterThan(0);
  });

  it("keeps every table, every column and every row", () => {
    const after = tablesOf(join(dataDir, "club.sqlite"));
    for (const [table, old] of before) {
      const now = after.get(table);
      expect(now, `table ${table} is gone`).toBeDefined();
      const missing = old.columns.filter((c) => !now!.columns.includes(c));
      expect(missing, `columns of ${table} that are gone`).toEqual([]);
      // Each row as it was, read from today's table by the columns it had then (but those changed
      // on purpose).
      const kept = old.columns
        .map((c, i) => ({ c, i }))
        .filter(({ c }) => !(`${table}.${c}` in CHANGED_ON_PURPOSE.columns));
      const at = kept.map(({ c }) => now!.columns.indexOf(c));
      const today = new Set(now!.rows.map((row) => JSON.stringify(at.map((i) => row[i]))));
      const lost = old.rows.filter((row) => !today.has(JSON.stringify(kept.map(({ i }) => row[i]))));
      expect(lost, `rows of ${table} that are gone or changed`).toEqual([]);
    }
  });

  it("keeps every file under DATA_DIR (images, the mail outbox)", () => {
    for (const [path, hash] of Object.entries(manifest.files)) {
      const file = join(dataDir, path);
      expect(existsSync(file), `${path} is gone`).toBe(true);
      expect(sha256(readFileSync(file)), `${path} changed`).toBe(hash);
    }
  });

  it("answers every read the previous release answered, as it did", async () => {
    const tokenOf = memberTokens(t);
    expect(manifest.reads.length).toBeGreaterThan(50);
    const changed: string[] = [];
    for (const read of manifest.reads) {
      const res = await t.request({
        method: "GET",
        url: read.url,
        ...(read.as ? { token: await tokenOf(read.as) } : {}),
      });
      const what = `${read.as ?? "a visitor"}: GET ${decodeURIComponent(read.url)}`;
      expect(res.statusCode, what).toBe(read.status);
      expect(String(res.headers["content-type"]), what).toBe(read.contentType);
      if (read.sha256) {
        if (sha256(res.rawPayload) !== read.sha256) changed.push(what);
        continue;
      }
      // Every field it had, with the value it had (arrays keep their length and order).
      const expected = stillExpected(read.url, read.json);
      if (expected === undefined) continue;
      try {
        expect(res.json()).toMatchObject(expected as object);
      } catch {
        changed.push(what);
      }
    }
    expect(changed, "reads that answer otherwise than the previous release did").toEqual([]);
  });

  it("backs the database up into DATA_DIR/backups/ first when it has migrations to apply, and only then", async () => {
    const backups = await listBackups(join(dataDir, "backups"), manifest.env.CLUB_TIMEZONE ?? "UTC");
    if (pending.length === 0) {
      expect(backups).toEqual([]);
      return;
    }
    expect(backups).toHaveLength(1);
    // The backup is the database as the previous release left it.
    expect(tablesOf(backups[0]!.path)).toEqual(before);
  });
});

describe("the start's migrations on a club's database", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const silent = { info: () => undefined } as unknown as Parameters<typeof migrateAtStart>[2];

  /** The previous release's club, and today's code with a migration more (and `extra` after it). */
  function clubWithANewMigration(extra: Migration[] = []) {
    const dataDir = copyOfFixture();
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(32), CLUB_TIMEZONE: "UTC" });
    const db = openDb(config.dbFile);
    const applied = new Set(
      (db.$client.prepare("SELECT created_at AS w FROM __drizzle_migrations").all() as { w: number }[]).map(
        (r) => Number(r.w),
      ),
    );
    // Today's migrations as the fixture's, plus a new one of its own (a column, a row).
    const known = readMigrations().filter((m) => applied.has(m.when));
    const last = Math.max(...known.map((m) => m.when));
    const added: Migration = {
      tag: "9990_upgrade_test_column",
      when: last + 1,
      hash: "upgrade-test",
      statements: [
        "ALTER TABLE `themes` ADD `upgrade_note` text",
        "UPDATE `themes` SET `upgrade_note` = 'kept'",
      ],
    };
    return {
      dataDir,
      config,
      db,
      migrations: [...known, added, ...extra.map((m, i) => ({ ...m, when: last + 2 + i }))],
    };
  }

  it("an upgrade: a backup first, named and listed like the scheduled ones, then the migrations", async () => {
    const { dataDir, config, db, migrations } = clubWithANewMigration();
    const tablesBefore = tablesOf(config.dbFile);
    const { backup } = await migrateAtStart(db, config, silent, new Date("2026-12-01T08:15:00Z"), migrations);
    expect(backup).toBe(join(dataDir, "backups", "club-2026-12-01T0815.sqlite"));
    const listed = await listBackups(config.backups.dir, "UTC");
    expect(listed.map((b) => b.name)).toEqual(["club-2026-12-01T0815.sqlite"]);
    expect(listed[0]!.images).toBe(readdirSync(config.imagesDir).length);
    closeDb(db);
    expect(tablesOf(backup!)).toEqual(tablesBefore);
    expect(tablesOf(config.dbFile).get("themes")?.columns).toContain("upgrade_note");
  });

  it("a migration that fails: the database is as it was, the line names it and the backup", async () => {
    const broken: Migration = {
      tag: "9991_upgrade_test_broken",
      when: 0,
      hash: "broken",
      statements: ["INSERT INTO `no_such_table` (`id`) VALUES (1)"],
    };
    const { config, db, migrations } = clubWithANewMigration([broken]);
    const tablesBefore = tablesOf(config.dbFile);
    const failed = await migrateAtStart(
      db,
      config,
      silent,
      new Date("2026-12-01T08:15:00Z"),
      migrations,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(MigrationError);
    const message = (failed as Error).message;
    expect(message).toMatch(/^Migration 9991_upgrade_test_broken failed \(no such table: no_such_table\)/);
    expect(message).toContain(join(config.backups.dir, "club-2026-12-01T0815.sqlite"));
    expect(message).not.toContain("\n");
    closeDb(db);
    expect(tablesOf(config.dbFile)).toEqual(tablesBefore);
  });

  it("a database from a newer version: the server stops at start with one line, and changes nothing", async () => {
    const dataDir = copyOfFixture();
    dirs.push(dataDir);
    const file = join(dataDir, "club.sqlite");
    const db = new Database(file);
    db.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-a-newer-version', ?)").run(
      Date.parse("2099-01-01T00:00:00Z"),
    );
    db.close();
    const tablesBefore = tablesOf(file);
    const child = spawn(process.execPath, [builtServerEntry()], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        JWT_SECRET: "x".repeat(32),
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr.trimEnd().split("\n")).toEqual([
      "This database was written by a newer version of the whiskey club: it has 1 migration this server does not know (the newest from 2099-01-01). Start that version again, or restore a backup made before the upgrade (DATA_DIR/backups/); nothing was changed.",
    ]);
    expect(tablesOf(file)).toEqual(tablesBefore);
    expect(existsSync(join(dataDir, "backups"))).toBe(false);
  });
});
