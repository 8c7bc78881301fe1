import { existsSync, readFileSync } from "node:fs";
import { readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { imagesDirOf } from "../../platform/backups";
import { offsetMinutes } from "../../platform/clubTime";

/**
 * DATA_DIR/backups: `club-YYYY-MM-DDTHHMM.sqlite` (the club's local time; `-2`, `-3` for a second
 * one in the same minute), each with its `-images/` folder, and `status.json`. Only names of that
 * form are listed or pruned: anything else an admin puts in the folder is left alone.
 */

const BACKUP_NAME = /^club-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(?:-(\d+))?\.sqlite$/;
const STATUS_FILE = "status.json";

export interface BackupFile {
  name: string;
  path: string;
  /** When it was taken (UTC), from its name. */
  takenAt: string;
  bytes: number;
  images: number;
}

/** The last attempt of each kind; kept in status.json so a restart and the admin screen know it. */
export interface BackupStatus {
  /** The schedule is due at its first time after this (the last scheduled attempt, or when it started). */
  scheduledFrom?: string;
  lastSuccess?: { at: string; file: string; bytes: number };
  lastFailure?: { at: string; error: string };
}

/** "2026-11-23T0300" in a time zone. */
function localStamp(timeZone: string, at: Date): string {
  const local = new Date(at.getTime() + offsetMinutes(timeZone, at) * 60_000).toISOString();
  return `${local.slice(0, 10)}T${local.slice(11, 13)}${local.slice(14, 16)}`;
}

/** The UTC instant of a name's local stamp (an hour off, at worst, inside a DST change). */
function takenAtOf(date: string, hh: string, mm: string, timeZone: string): string {
  const naive = new Date(`${date}T${hh}:${mm}:00Z`);
  return new Date(naive.getTime() - offsetMinutes(timeZone, naive) * 60_000).toISOString();
}

/** A free name for a backup taken at `at`. */
export function newBackupPath(dir: string, timeZone: string, at: Date): string {
  const stamp = localStamp(timeZone, at);
  for (let n = 1; ; n++) {
    const path = join(dir, `club-${stamp}${n === 1 ? "" : `-${n}`}.sqlite`);
    if (!existsSync(path) && !existsSync(imagesDirOf(path))) return path;
  }
}

/** The backups in the folder, newest first. */
export async function listBackups(dir: string, timeZone: string): Promise<BackupFile[]> {
  if (!existsSync(dir)) return [];
  const found: (BackupFile & { order: string })[] = [];
  for (const name of await readdir(dir)) {
    const m = BACKUP_NAME.exec(name);
    if (!m) continue;
    const [, date = "", hh = "", mm = "", n = "1"] = m;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) continue;
    const images = await readdir(imagesDirOf(path)).then(
      (names) => names.length,
      () => 0,
    );
    found.push({
      name,
      path,
      takenAt: takenAtOf(date, hh, mm, timeZone),
      bytes: info.size,
      images,
      order: `${date}T${hh}${mm}-${n.padStart(6, "0")}`,
    });
  }
  found.sort((a, b) => (a.order < b.order ? 1 : a.order > b.order ? -1 : 0));
  return found.map(({ order: _order, ...file }) => file);
}

/** Deletes all but the newest `keep` backups (and their images); returns the names deleted. */
export async function pruneBackups(dir: string, timeZone: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir, timeZone)).slice(keep);
  for (const backup of old) {
    await rm(imagesDirOf(backup.path), { recursive: true, force: true });
    await rm(backup.path, { force: true });
  }
  return old.map((b) => b.name);
}

export function readStatus(dir: string): BackupStatus {
  try {
    return JSON.parse(readFileSync(join(dir, STATUS_FILE), "utf8")) as BackupStatus;
  } catch {
    return {};
  }
}

export async function writeStatus(dir: string, status: BackupStatus): Promise<void> {
  const file = join(dir, STATUS_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
}
