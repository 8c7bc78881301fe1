import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import { openDb } from "@club/db";
import { IMAGE_FILE, imagesDirOf, inspectBackup } from "../platform/backups";
import { AdminError } from "./commands";

/** What `npm run admin -- restore FILE` did, for the admin to read. */
export interface RestoreResult {
  file: string;
  members: number;
  images: number | null;
  /** Where the replaced database and images went (null: there was none). */
  replacedDir: string | null;
  moved: string[];
}

/**
 * True when another process has the database open, i.e. the server runs. An open SQLite
 * connection in WAL mode holds a shared lock on the file as long as it is open; an exclusive lock
 * (busy timeout 0) is refused then. It sees a server in another container on the same volume too,
 * where a pid file or a port check would not.
 */
export function databaseInUse(dbFile: string): boolean {
  if (!existsSync(dbFile)) return false;
  const db = openDb(dbFile);
  const probe = db.$client;
  try {
    probe.pragma("busy_timeout = 0");
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return true;
    throw error;
  } finally {
    // Not closeDb (its PRAGMA optimize needs the lock). Closing the only connection also
    // checkpoints and removes its -wal and -shm.
    probe.close();
  }
}

const stampOf = (at: Date) => at.toISOString().slice(0, 19).replace(/:/g, "");

/**
 * Puts a backup (FILE and FILE-images/) in place of DATA_DIR's database and images, with the
 * server stopped: FILE is checked first (on a copy, so FILE itself stays untouched), then the
 * current club.sqlite, its -wal and -shm and images/ move to DATA_DIR/replaced-<time>/.
 */
export function restore(dataDir: string, file: string, now: Date = new Date()): RestoreResult {
  if (!existsSync(file) || !statSync(file).isFile()) throw new AdminError(`${file} does not exist.`);
  const dbFile = join(dataDir, "club.sqlite");
  if (databaseInUse(dbFile)) {
    throw new AdminError(
      `The server is running (${dbFile} is open). Stop it first (docker compose stop club, or systemctl stop whiskey-club), then restore.`,
    );
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const incoming = `${dbFile}.restoring`;
  const clearIncoming = () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${incoming}${suffix}`, { force: true });
  };
  clearIncoming();
  copyFileSync(file, incoming);
  const check = inspectBackup(incoming);
  if ("problem" in check) {
    clearIncoming();
    throw new AdminError(`${file} cannot be restored: ${check.problem}. Nothing was changed.`);
  }
  chmodSync(incoming, 0o600);

  const backupImages = imagesDirOf(file);
  const hasImages = existsSync(backupImages);
  const imagesDir = join(dataDir, "images");
  const toMove = [
    ...["club.sqlite", "club.sqlite-wal", "club.sqlite-shm"].filter((n) => existsSync(join(dataDir, n))),
    ...(hasImages && existsSync(imagesDir) ? ["images"] : []),
  ];
  let replacedDir: string | null = null;
  if (toMove.length > 0) {
    replacedDir = join(dataDir, `replaced-${stampOf(now)}`);
    mkdirSync(replacedDir, { recursive: true, mode: 0o700 });
    for (const name of toMove) renameSync(join(dataDir, name), join(replacedDir, name));
  }
  renameSync(incoming, dbFile);

  let images: number | null = null;
  if (hasImages) {
    mkdirSync(imagesDir, { recursive: true, mode: 0o700 });
    images = 0;
    for (const name of readdirSync(backupImages)) {
      if (!IMAGE_FILE.test(name)) continue;
      copyFileSync(join(backupImages, name), join(imagesDir, name));
      images++;
    }
  }
  return { file, members: check.members, images, replacedDir, moved: toMove };
}
