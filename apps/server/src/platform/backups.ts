import { chmod, copyFile, link, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase, checkIntegrity, closeDb, countMembers, openDb, type Db } from "@club/db";

/**
 * A backup is a database file plus its images in `<file>-images/`: made by `npm run backup`, by
 * the schedule (features/backups) and read back by `npm run admin -- restore`.
 */

/** Image files are named by content hash; anything else in the folder (a half-written temp file) is skipped. */
export const IMAGE_FILE = /^[0-9a-f]{32}(-thumb|-medium)?\.webp$/;

export const imagesDirOf = (file: string): string => `${file}-images`;

/** A backup that cannot be made or used; its message is for the admin. */
export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  members: number;
  imagesDir: string;
  images: number;
}

/**
 * A consistent copy of the live database (SQLite's online backup: writers keep going), written to
 * `<file>.partial`, integrity-checked, then renamed to `file`; then the image files into
 * `<file>-images/`. The database goes first: every image it refers to was written before its row.
 * Images never change once written (content-hash names, written by rename), so a hard link is a
 * true copy that takes no space; across file systems they are copied.
 */
export async function makeBackup(db: Db, imagesDir: string, file: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  const removePartial = () =>
    Promise.all(["", "-wal", "-shm"].map((suffix) => rm(`${partial}${suffix}`, { force: true })));
  await removePartial();
  let members: number;
  try {
    await backupDatabase(db, partial);
    const copy = openDb(partial);
    try {
      const check = checkIntegrity(copy);
      if (check !== "ok") throw new BackupError(`The backup failed its integrity check: ${check}`);
      members = countMembers(copy);
    } finally {
      closeDb(copy);
    }
    // It holds emails and password hashes: readable by its owner only.
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await removePartial();
    throw error;
  }

  const target = imagesDirOf(file);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true, mode: 0o700 });
  let images = 0;
  for (const name of existsSync(imagesDir) ? await readdir(imagesDir) : []) {
    if (!IMAGE_FILE.test(name)) continue;
    await linkOrCopy(join(imagesDir, name), join(target, name));
    images++;
  }
  return { file, bytes: (await stat(file)).size, members, imagesDir: target, images };
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    // The image was swept between the listing and now: the database copy no longer needs it.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    await copyFile(from, to);
  }
}

/** Opens a database file and checks that it is whole and a club's: its member count, or the problem. */
export function inspectBackup(file: string): { problem: string } | { members: number } {
  let db: Db | undefined;
  try {
    db = openDb(file);
    const check = checkIntegrity(db);
    if (check !== "ok") return { problem: `it failed SQLite's integrity check (${check})` };
    const hasMembers = db.$client
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'members'")
      .get();
    if (!hasMembers) return { problem: "it is an SQLite database but not a club's (no members table)" };
    return { members: countMembers(db) };
  } catch (error) {
    return { problem: `it is not a readable SQLite database (${(error as Error).message})` };
  } finally {
    // Not closeDb: its PRAGMA optimize would fail again on a damaged file.
    db?.$client.close();
  }
}
