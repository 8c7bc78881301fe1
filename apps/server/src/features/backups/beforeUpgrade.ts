import { mkdir } from "node:fs/promises";
import type { FastifyBaseLogger } from "fastify";
import {
  applyMigrations,
  MigrationError,
  planMigrations,
  readMigrations,
  type Db,
  type Migration,
} from "@club/db";
import type { Config } from "../../config";
import { makeBackup } from "../../platform/backups";
import { newBackupPath, pruneBackups } from "./folder";

/**
 * The start's migrations. When an existing club has migrations to apply (an upgrade), the database
 * and its images are first backed up into DATA_DIR/backups/, named and kept like the scheduled
 * backups (listed on the Backups screen, pruned to BACKUP_KEEP with them): the way back to the
 * previous version. Then every pending migration is applied in one transaction. A database from a
 * newer version, a backup that cannot be made, or a migration that fails throws a MigrationError
 * (one line: server.ts prints it and stops) and leaves the database as it was.
 */
export async function migrateAtStart(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  now: Date,
  /** The committed migrations (tests add a broken one). */
  migrations: Migration[] = readMigrations(),
): Promise<{ isNew: boolean; backup: string | null }> {
  const plan = planMigrations(db, migrations);
  let backup: string | null = null;
  if (!plan.isNew && plan.pending.length > 0) {
    const { dir, keep } = config.backups;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      backup = (await makeBackup(db, config.imagesDir, newBackupPath(dir, config.clubTimezone, now))).file;
      await pruneBackups(dir, config.clubTimezone, keep);
    } catch (error) {
      throw new MigrationError(
        `Could not back up the database before applying ${plan.pending.length} migration(s) (${(error as Error).message}): nothing was changed.`,
      );
    }
    log.info(
      { backup, migrations: plan.pending.map((m) => m.tag) },
      "backed up the database before applying the upgrade's migrations",
    );
  }
  try {
    applyMigrations(db, plan);
  } catch (error) {
    if (error instanceof MigrationError && backup)
      throw new MigrationError(`${error.message} The backup made before it: ${backup}`);
    throw error;
  }
  if (plan.pending.length > 0 && !plan.isNew)
    log.info({ migrations: plan.pending.map((m) => m.tag) }, "applied the upgrade's migrations");
  return { isNew: plan.isNew, backup };
}
