import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { BackupsOverview } from "@club/shared";
import { ConfigError, loadConfig } from "../../config";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * Scheduled backups with a fake clock: the club is in Chicago (UTC-6 in November), so the default
 * schedule's 03:00 is 09:00 UTC.
 */
const ZONE = { CLUB_TIMEZONE: "America/Chicago" };
const BACKUP = /^club-\d{4}-\d{2}-\d{2}T\d{4}(-\d+)?\.sqlite$/;

let clock = new Date("2026-11-23T10:00:00Z");
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function club(env: Record<string, string> = {}, dataDir?: string): Promise<TestApp> {
  const t = await createTestApp({ env: { ...ZONE, ...env }, now: () => clock, dataDir, keepDataDir: true });
  apps.push(t);
  return t;
}

const backupsIn = (t: TestApp) => {
  try {
    return readdirSync(join(t.dataDir, "backups"))
      .filter((n) => BACKUP.test(n))
      .sort();
  } catch {
    return [];
  }
};

async function checkAt(t: TestApp, iso: string) {
  clock = new Date(iso);
  await t.app.clubJobs.run();
}

describe("the backup schedule (fake clock)", () => {
  it("backs up once after 03:00 in the club's time zone, not before, not twice", async () => {
    clock = new Date("2026-11-23T10:00:00Z"); // 04:00 in Chicago: today's 03:00 was before the start
    const t = await club();
    await t.app.clubJobs.run();
    expect(backupsIn(t)).toEqual([]);
    await checkAt(t, "2026-11-24T08:55:00Z"); // 02:55
    expect(backupsIn(t)).toEqual([]);
    await checkAt(t, "2026-11-24T09:02:00Z"); // 03:02
    expect(backupsIn(t)).toEqual(["club-2026-11-24T0302.sqlite"]);
    expect(readdirSync(join(t.dataDir, "backups", "club-2026-11-24T0302.sqlite-images"))).toEqual([]);
    await checkAt(t, "2026-11-24T09:07:00Z");
    await checkAt(t, "2026-11-24T20:00:00Z");
    expect(backupsIn(t)).toEqual(["club-2026-11-24T0302.sqlite"]);
  });

  it("catches up once on missed days after a restart, and never repeats across one", async () => {
    clock = new Date("2026-11-23T10:00:00Z");
    const first = await club();
    await checkAt(first, "2026-11-24T09:01:00Z");
    expect(backupsIn(first)).toHaveLength(1);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    // Off over two nights, back at 09:00 Chicago time on the 26th: one backup, at once.
    clock = new Date("2026-11-26T15:00:00Z");
    const again = await club({}, first.dataDir);
    await again.app.clubJobs.run();
    expect(backupsIn(again)).toEqual(["club-2026-11-24T0301.sqlite", "club-2026-11-26T0900.sqlite"]);
    await checkAt(again, "2026-11-26T15:05:00Z");
    expect(backupsIn(again)).toHaveLength(2);
    await again.close();
    apps.splice(apps.indexOf(again), 1);

    // A restart the same day does not back up again.
    clock = new Date("2026-11-26T16:00:00Z");
    const third = await club({}, first.dataDir);
    await third.app.clubJobs.run();
    expect(backupsIn(third)).toHaveLength(2);
  });

  it("keeps the newest BACKUP_KEEP and nothing else is deleted", async () => {
    clock = new Date("2026-11-23T10:00:00Z");
    const t = await club({ BACKUP_KEEP: "2" });
    const dir = join(t.dataDir, "backups");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "notes.txt"), "mine");
    writeFileSync(join(dir, "club-before-upgrade.sqlite"), "mine too");
    for (const day of ["24", "25", "26"]) await checkAt(t, `2026-11-${day}T09:03:00Z`);
    expect(backupsIn(t)).toEqual(["club-2026-11-25T0303.sqlite", "club-2026-11-26T0303.sqlite"]);
    expect(readdirSync(dir).sort()).toEqual([
      "club-2026-11-25T0303.sqlite",
      "club-2026-11-25T0303.sqlite-images",
      "club-2026-11-26T0303.sqlite",
      "club-2026-11-26T0303.sqlite-images",
      "club-before-upgrade.sqlite",
      "notes.txt",
      "status.json",
    ]);
  });

  it("a custom schedule follows cron, and off makes none", async () => {
    clock = new Date("2026-11-23T10:00:00Z"); // a Monday
    const weekly = await club({ BACKUP_SCHEDULE: "30 1 * * 0" }); // Sundays 01:30
    await checkAt(weekly, "2026-11-28T12:00:00Z");
    expect(backupsIn(weekly)).toEqual([]);
    await checkAt(weekly, "2026-11-29T07:31:00Z");
    expect(backupsIn(weekly)).toEqual(["club-2026-11-29T0131.sqlite"]);

    clock = new Date("2026-11-23T10:00:00Z");
    const off = await club({ BACKUP_SCHEDULE: "off" });
    for (const day of ["24", "25", "26"]) await checkAt(off, `2026-11-${day}T09:03:00Z`);
    expect(backupsIn(off)).toEqual([]);
    const admin = await off.member(undefined, { role: "admin" });
    const overview = (
      await off.request({ method: "GET", url: "/api/Backups", token: admin.token })
    ).json<BackupsOverview>();
    expect(overview).toMatchObject({ schedule: null, nextRunAt: null, backups: [], lastSuccess: null });
  });

  it("a bad BACKUP_SCHEDULE or BACKUP_KEEP stops the start with one clear line", () => {
    const load = (env: Record<string, string>) => () =>
      loadConfig({ DATA_DIR: "/tmp/club-config-test", ...env });
    expect(load({ BACKUP_SCHEDULE: "3am daily" })).toThrow(ConfigError);
    expect(load({ BACKUP_SCHEDULE: "0 25 * * *" })).toThrow(
      "Invalid configuration: BACKUP_SCHEDULE must be a cron schedule such as 0 3 * * * (minute hour day month weekday), or off",
    );
    expect(load({ BACKUP_KEEP: "0" })).toThrow(
      "Invalid configuration: BACKUP_KEEP must keep at least 1 backup",
    );
    expect(load({ BACKUP_KEEP: "many" })).toThrow(
      "Invalid configuration: BACKUP_KEEP must be a whole number of backups",
    );
    expect(
      loadConfig({ DATA_DIR: "/tmp/club-config-test", BACKUP_SCHEDULE: "OFF" }).backups.schedule,
    ).toBeNull();
    expect(loadConfig({ DATA_DIR: "/tmp/club-config-test" }).backups).toMatchObject({
      schedule: "0 3 * * *",
      keep: 14,
    });
  });
});

/** The entries of a .tar: name and bytes. */
function untar(tar: Buffer): { name: string; data: Buffer }[] {
  const entries: { name: string; data: Buffer }[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const head = tar.subarray(at, at + 512);
    const name = head.subarray(0, 100).toString().replace(/\0.*$/s, "");
    if (!name) break;
    const size = parseInt(head.subarray(124, 136).toString().replace(/\0.*$/s, ""), 8);
    entries.push({ name, data: tar.subarray(at + 512, at + 512 + size) });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

describe("the backups API (admin)", () => {
  it("lists, backs up now (audited), downloads the latest, and reports a failure", async () => {
    clock = new Date("2026-11-23T10:00:00Z");
    const t = await club();
    const admin = await t.member(undefined, { role: "admin" });
    const member = await t.member();
    const get = (token: string) => t.request({ method: "GET", url: "/api/Backups", token });

    const empty = await get(admin.token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<BackupsOverview>()).toMatchObject({
      schedule: "0 3 * * *",
      timeZone: "America/Chicago",
      nextRunAt: "2026-11-24T09:00:00.000Z",
      keep: 14,
      folder: join(t.dataDir, "backups"),
      running: false,
      lastSuccess: null,
      lastFailure: null,
      backups: [],
    });
    const none = await t.request({ method: "GET", url: "/api/Backups/Latest", token: admin.token });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      error: { message: "There is no backup yet. Make one with Back up now." },
    });

    expect((await get(member.token)).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/Backups", token: member.token })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request({ method: "GET", url: "/api/Backups/Latest", token: member.token })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/Backups/Latest" })).statusCode).toBe(401);

    const made = await t.request({ method: "POST", url: "/api/Backups", token: admin.token });
    expect(made.statusCode, made.body).toBe(201);
    const after = made.json<BackupsOverview>();
    expect(after.backups).toEqual([
      {
        file: "club-2026-11-23T0400.sqlite",
        takenAt: "2026-11-23T10:00:00.000Z",
        bytes: expect.any(Number),
        images: 0,
      },
    ]);
    expect(after.lastSuccess).toEqual({
      at: "2026-11-23T10:00:00.000Z",
      file: "club-2026-11-23T0400.sqlite",
      bytes: after.backups[0]?.bytes,
    });
    const second = (await t.caller(admin.user).backups.create()).backups;
    expect(second.map((b) => b.file)).toEqual([
      "club-2026-11-23T0400-2.sqlite",
      "club-2026-11-23T0400.sqlite",
    ]);

    const activity = (await t.request({ method: "GET", url: "/api/Activity", token: admin.token })).json<
      { action: string; entity: string }[]
    >();
    expect(activity.filter((a) => a.entity === "backup").map((a) => a.action)).toEqual([
      "backups.create",
      "backups.create",
    ]);

    const download = await t.request({ method: "GET", url: "/api/Backups/Latest", token: admin.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/gzip");
    expect(download.headers["content-disposition"]).toBe(
      'attachment; filename="club-2026-11-23T0400-2.tar.gz"',
    );
    const entries = untar(gunzipSync(download.rawPayload));
    expect(entries.map((e) => e.name)).toEqual(["club-2026-11-23T0400-2.sqlite"]);
    expect(
      entries[0]?.data.equals(readFileSync(join(t.dataDir, "backups", "club-2026-11-23T0400-2.sqlite"))),
    ).toBe(true);

    // Something in the way of the backup's temporary file: a 409 that names it, kept as the last failure.
    clock = new Date("2026-11-23T11:00:00Z");
    mkdirSync(join(t.dataDir, "backups", "club-2026-11-23T0500.sqlite.partial", "x"), { recursive: true });
    const failed = await t.request({ method: "POST", url: "/api/Backups", token: admin.token });
    expect(failed.statusCode).toBe(409);
    expect(failed.json<{ error: { message: string } }>().error.message).toMatch(/^The backup failed: /);
    const status = (await get(admin.token)).json<BackupsOverview>();
    expect(status.lastFailure).toEqual({ at: "2026-11-23T11:00:00.000Z", error: expect.any(String) });
    expect(status.lastSuccess?.file).toBe("club-2026-11-23T0400-2.sqlite");
    expect(status.backups).toHaveLength(2);
  });
});
