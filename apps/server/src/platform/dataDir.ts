import { chmodSync, closeSync, existsSync, openSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";

/** Folders: owner only. */
export const DIR_MODE = 0o700;
/** Files: read and written by the owner only (emails, password hashes, members' photos, mail). */
export const FILE_MODE = 0o600;
/** What the server process creates without an explicit mode: owner only (set in server.ts). */
export const SERVER_UMASK = 0o077;

const DB_SUFFIXES = ["", "-wal", "-shm", "-journal"];

/**
 * Makes DATA_DIR private to the server's user: the folder, images/ and outbox/ 700, the database
 * (with its -wal and -shm), the signing key, the images and the stored emails 600. Also fixes a
 * data folder made by an older version (644/755). Creates an empty database file with mode 600
 * when there is none: SQLite gives its -wal and -shm the database file's mode.
 * Returns a line per path it could not change (e.g. a folder owned by someone else), for the log.
 */
export function secureDataDir(config: Config): string[] {
  const problems: string[] = [];
  const chmod = (path: string, mode: number) => {
    try {
      chmodSync(path, mode);
    } catch (error) {
      problems.push(`${path}: ${(error as Error).message}`);
    }
  };
  if (!existsSync(config.dbFile)) closeSync(openSync(config.dbFile, "a", FILE_MODE));
  chmod(config.dataDir, DIR_MODE);
  for (const suffix of DB_SUFFIXES)
    if (existsSync(config.dbFile + suffix)) chmod(config.dbFile + suffix, FILE_MODE);
  const secret = join(config.dataDir, "jwt-secret");
  if (existsSync(secret)) chmod(secret, FILE_MODE);
  for (const dir of [config.imagesDir, config.outboxDir]) {
    if (!existsSync(dir)) continue;
    chmod(dir, DIR_MODE);
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isFile()) chmod(join(dir, entry.name), FILE_MODE);
  }
  return problems;
}
