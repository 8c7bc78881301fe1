import { mkdir } from "node:fs/promises";
import { basename } from "node:path";
import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@club/db";
import type { Deps } from "../../kernel/context";
import { makeBackup } from "../../platform/backups";
import { newBackupPath, pruneBackups, readStatus, writeStatus, type BackupFile } from "./folder";

export type BackupOutcome =
  { ok: true; file: string; bytes: number; images: number; pruned: string[] } | { ok: false; error: string };

/**
 * Makes the club's backups into DATA_DIR/backups, one at a time (a "Back up now" during the
 * scheduled one shares it), and knows when the schedule is next due. status.json keeps the last
 * success and failure and the last scheduled attempt, so a restart neither repeats nor forgets one.
 */
export class BackupRunner {
  private running: Promise<BackupOutcome> | undefined;
  private made: Cron | null | undefined;
  /** Without a status file, the schedule counts from when this server started. */
  private readonly startedAt: Date;

  constructor(
    private readonly deps: Deps,
    private readonly log: FastifyBaseLogger | undefined,
  ) {
    this.startedAt = deps.now();
  }

  /**
   * The schedule, made when first asked (the club's jobs, a second after the server listens): in the
   * club's time zone it loads ICU's time zone data, ~10 ms that the start does not need.
   */
  private get cron(): Cron | null {
    const { schedule } = this.deps.config.backups;
    return (this.made ??= schedule
      ? new Cron(schedule, { timezone: this.deps.config.clubTimezone, paused: true })
      : null);
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** The next scheduled backup (an overdue one runs at the next check), or null when the schedule is off. */
  nextRunAt(): Date | null {
    if (!this.cron) return null;
    const from = readStatus(this.deps.config.backups.dir).scheduledFrom;
    return this.cron.nextRun(from ? new Date(from) : this.startedAt);
  }

  /** Resolves when no backup is running (the server waits for it before closing the database). */
  async settled(): Promise<void> {
    await this.running;
  }

  /** One backup now; a running one is shared. */
  backUp(): Promise<BackupOutcome> {
    this.running ??= this.attempt().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * The scheduled check (app/clubJobs.ts, every 5 minutes): a backup when the schedule's
   * time has passed since the last one; missed times (the server was off) make one backup.
   */
  async runIfDue(): Promise<void> {
    const due = this.nextRunAt();
    const now = this.deps.now();
    if (!due || now < due) return;
    await this.running;
    const { dir } = this.deps.config.backups;
    const lastSuccess = readStatus(dir).lastSuccess;
    // A "Back up now" after the due time counts as this one.
    if (!lastSuccess || new Date(lastSuccess.at) < due) await this.backUp();
    await writeStatus(dir, { ...readStatus(dir), scheduledFrom: now.toISOString() });
  }

  private async attempt(): Promise<BackupOutcome> {
    const { db, config } = this.deps;
    const { dir, keep } = config.backups;
    const at = this.deps.now();
    let outcome: BackupOutcome;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const result = await makeBackup(db, config.imagesDir, newBackupPath(dir, config.clubTimezone, at));
      const pruned = await pruneBackups(dir, config.clubTimezone, keep);
      outcome = { ok: true, file: basename(result.file), bytes: result.bytes, images: result.images, pruned };
      this.log?.info(
        { file: result.file, bytes: result.bytes, images: result.images, pruned },
        "backup made",
      );
    } catch (err) {
      outcome = { ok: false, error: (err as Error).message };
      this.log?.error({ err }, "backup failed");
    }
    const status = readStatus(dir);
    try {
      await writeStatus(dir, {
        ...status,
        ...(outcome.ok
          ? { lastSuccess: { at: at.toISOString(), file: outcome.file, bytes: outcome.bytes } }
          : { lastFailure: { at: at.toISOString(), error: outcome.error } }),
      });
    } catch (err) {
      this.log?.error({ err }, "could not write the backup status");
    }
    return outcome;
  }
}

const runners = new WeakMap<Db, BackupRunner>();

/** The app's runner (one per database); the first caller with a logger gives it its logger. */
export function backupRunner(deps: Deps, log?: FastifyBaseLogger): BackupRunner {
  let runner = runners.get(deps.db);
  if (!runner) {
    runner = new BackupRunner(deps, log);
    runners.set(deps.db, runner);
  }
  return runner;
}

export type { BackupFile };
