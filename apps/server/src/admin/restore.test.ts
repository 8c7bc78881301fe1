import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, openDb } from "@club/db";
import type { BackupsOverview } from "@club/shared";
import { uploadTinyPng } from "../../test/fuzz/endpoints";
import { adminInProcess, adminProcess } from "../../test/adminCli";
import { createTestApp, type TestApp } from "../../test/helpers";

/** `npm run admin -- restore FILE` on a DATA_DIR (test/adminCli.ts), in this process or as its own. */
const restoreCli = (dataDir: string, file: string) =>
  adminInProcess(["restore", file], { DATA_DIR: dataDir });
const restoreCliProcess = (dataDir: string, file: string) =>
  adminProcess(["restore", file], { DATA_DIR: dataDir });

const countsOf = (file: string) => {
  const db = openDb(file);
  try {
    const count = (table: string) =>
      (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { members: count("members"), themes: count("themes"), bottles: count("bottles") };
  } finally {
    closeDb(db);
  }
};

describe("restore (npm run admin -- restore FILE)", () => {
  let t: TestApp;
  let scratch: string;
  let admin: Awaited<ReturnType<TestApp["member"]>>;
  let backupFile = "";
  let imageHash = "";
  let bottleId = 0;
  let writtenDuring = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false" } });
    scratch = mkdtempSync(join(tmpdir(), "club-restore-"));
    admin = await t.member("ada@example.org", { role: "admin" });
    bottleId = (await t.caller(admin.user).bottles.create({ name: "Pictured", abv: 46 })).id;
    const res = await uploadTinyPng(t, bottleId, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    imageHash = res.json<{ imageVersion: string }>().imageVersion;
    for (let i = 0; i < 20; i++) await t.caller(admin.user).themes.create({ description: `Before ${i}` });

    // Writes keep arriving through the API while "Back up now" runs.
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const r = await t.request({
          method: "POST",
          url: "/api/MonthlyThemes",
          payload: { description: `During ${writtenDuring}` },
          token: admin.token,
        });
        expect(r.statusCode, r.body).toBe(201);
        writtenDuring++;
      }
    })();
    await new Promise((r) => setTimeout(r, 30));
    const made = await t.request({ method: "POST", url: "/api/Backups", token: admin.token });
    await new Promise((r) => setTimeout(r, 30));
    writing = false;
    await writer;
    expect(made.statusCode, made.body).toBe(201);
    const file = made.json<BackupsOverview>().backups[0]?.file ?? "";
    backupFile = join(t.dataDir, "backups", file);
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("a backup made while writes ran restores into a new data folder, and a server reads it all back", async () => {
    expect(writtenDuring).toBeGreaterThan(2);
    const inBackup = countsOf(backupFile);
    expect(inBackup.themes).toBeGreaterThanOrEqual(20);
    expect(inBackup.members).toBe(1);

    const dataDir = join(scratch, "new-club");
    const r = await restoreCli(dataDir, backupFile);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `Restored ${backupFile} to ${join(dataDir, "club.sqlite")} (1 members, integrity ok).`,
    );
    expect(r.stdout).toContain(`Copied 3 image files to ${join(dataDir, "images")}/.`);
    expect(readFileSync(backupFile).equals(readFileSync(join(dataDir, "club.sqlite")))).toBe(true);

    const restored = await createTestApp({ dataDir, env: { RATE_LIMIT: "false" } });
    try {
      const login = await restored.request({
        method: "POST",
        url: "/login",
        payload: { email: "ada@example.org", password: "correct horse battery" },
      });
      expect(login.statusCode, login.body).toBe(200);
      const themes = (await restored.request({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" })).json<
        { name: string }[]
      >();
      expect(themes).toHaveLength(inBackup.themes);
      expect(themes.some((th) => th.name === "Before 19")).toBe(true);
      const bottles = (await restored.request({ method: "GET", url: "/api/Bottles" })).json();
      expect(bottles).toEqual([{ id: bottleId, name: "Pictured" }]);
      const bottle = (await restored.request({ method: "GET", url: `/api/Bottles/${bottleId}` })).json<{
        abv: number;
      }>();
      expect(bottle.abv).toBe(46);
      const image = await restored.request({ method: "GET", url: `/api/Bottles/${bottleId}/Image` });
      expect(image.statusCode).toBe(200);
      expect(readdirSync(join(dataDir, "images")).sort()).toEqual([
        `${imageHash}-medium.webp`,
        `${imageHash}-thumb.webp`,
        `${imageHash}.webp`,
      ]);
    } finally {
      await restored.close();
    }
  });

  it("refuses while the server has the database open, and changes nothing", async () => {
    const before = readdirSync(t.dataDir).sort();
    // Its own process: SQLite's locks are the other process's (the server's) here.
    const r = await restoreCliProcess(t.dataDir, backupFile);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: The server is running (${join(t.dataDir, "club.sqlite")} is open). Stop it first`,
    );
    expect(readdirSync(t.dataDir).sort()).toEqual(before);
    // The server is unaffected.
    expect((await t.request({ method: "GET", url: "/api/Bottles" })).statusCode).toBe(200);
  });

  it("refuses a file that is not a whole club database, and changes nothing", async () => {
    const dataDir = join(scratch, "kept");
    expect((await restoreCli(dataDir, backupFile)).code).toBe(0);
    const before = readdirSync(dataDir).sort();
    const garbage = join(scratch, "garbage.sqlite");
    writeFileSync(garbage, "this is not a database ".repeat(100));
    const notDb = await restoreCli(dataDir, garbage);
    expect(notDb.code).toBe(1);
    expect(notDb.stderr).toContain(
      `error: ${garbage} cannot be restored: it is not a readable SQLite database`,
    );
    expect(notDb.stderr).toContain("Nothing was changed.");

    // A copy damaged in the middle: pages of the tables overwritten.
    const damaged = join(scratch, "damaged.sqlite");
    const bytes = readFileSync(backupFile);
    bytes.fill(0x5a, 4096 * 2, Math.min(bytes.length, 4096 * 6));
    writeFileSync(damaged, bytes);
    const bad = await restoreCli(dataDir, damaged);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /cannot be restored: it (failed SQLite's integrity check|is not a readable SQLite database)/,
    );
    expect(readdirSync(dataDir).sort()).toEqual(before);

    const missing = await restoreCli(dataDir, join(scratch, "nope.sqlite"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("nope.sqlite does not exist.");
  });

  it("moves the replaced database and images aside", async () => {
    const dataDir = join(scratch, "kept");
    const r = await restoreCli(dataDir, backupFile);
    expect(r.code, r.stderr).toBe(0);
    const aside = readdirSync(dataDir).filter((n) => n.startsWith("replaced-"));
    expect(aside).toHaveLength(1);
    expect(r.stdout).toContain(`Moved club.sqlite, images to ${join(dataDir, aside[0] ?? "")}/.`);
    expect(readdirSync(join(dataDir, aside[0] ?? "")).sort()).toEqual(["club.sqlite", "images"]);
    expect(existsSync(join(dataDir, "club.sqlite.restoring"))).toBe(false);
    expect(countsOf(join(dataDir, "club.sqlite")).themes).toBe(countsOf(backupFile).themes);
  });
});
