import { ServerMessages, type BackupsOverview } from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { ConflictError } from "../../kernel/errors";
import { recordActivity } from "../activity/record";
import { listBackups, readStatus } from "./folder";
import { backupRunner } from "./runner";

/** The schedule, the last success and failure, and the backups in DATA_DIR/backups (admin). */
export async function backupsOverview(deps: Deps): Promise<BackupsOverview> {
  const { config } = deps;
  const runner = backupRunner(deps);
  const status = readStatus(config.backups.dir);
  const files = await listBackups(config.backups.dir, config.clubTimezone);
  return {
    schedule: config.backups.schedule,
    timeZone: config.clubTimezone,
    nextRunAt: runner.nextRunAt()?.toISOString() ?? null,
    keep: config.backups.keep,
    folder: config.backups.dir,
    running: runner.isRunning,
    lastSuccess: status.lastSuccess ?? null,
    lastFailure: status.lastFailure ?? null,
    backups: files.map(({ name, takenAt, bytes, images }) => ({ file: name, takenAt, bytes, images })),
  };
}

/** "Back up now": one backup (shared with a running one), recorded in the activity log. */
export async function backUpNow(ctx: AuthedCtx): Promise<BackupsOverview> {
  const outcome = await backupRunner(ctx).backUp();
  if (!outcome.ok)
    // The failure's detail is the system's own words (a disk, a path), for the admin.
    // eslint-disable-next-line no-restricted-syntax
    throw new ConflictError(`${ServerMessages.backupFailed} ${outcome.error}`, "backupFailed");
  ctx.db.transaction(() => {
    recordActivity(ctx, "backup", outcome.file, null, {
      file: outcome.file,
      bytes: outcome.bytes,
      images: outcome.images,
    });
  });
  return backupsOverview(ctx);
}
