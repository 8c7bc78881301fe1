import type { FastifyBaseLogger } from "fastify";
import type { Deps } from "../kernel/context";
import { runDuesJob, sendDuesReminders } from "../features/dues/job";
import { backupRunner, type BackupRunner } from "../features/backups/runner";
import { sendMeetingReminders } from "../features/reminders/service";
import { dateIn } from "../platform/clubTime";
import { removeStale } from "../platform/housekeeping";

declare module "fastify" {
  interface FastifyInstance {
    /** The scheduled work (tests run a pass at once). */
    clubJobs: ClubJobs;
  }
}

/** How often the club's scheduled work runs: reminders are due within this of their time. */
export const CLUB_JOBS_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The club's scheduled work, all idempotent (a restart or a second run changes nothing): the
 * monthly dues charges and reminders, the meetings' 7-day and 1-day reminders, and a new club day
 * (answers that depend on the date, such as a theme's last use, leave the read cache), the
 * scheduled backup (features/backups/runner.ts), and the removal of registrations never confirmed
 * and of old sent mail (housekeeping.ts).
 */
export class ClubJobs {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private day: string | undefined;
  private readonly backups: BackupRunner;
  /** Each step's runs and failures since the start (the metrics, app/metrics.ts). */
  readonly counts = new Map<string, { runs: number; failures: number }>();

  constructor(
    private readonly deps: Deps,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = CLUB_JOBS_INTERVAL_MS,
  ) {
    this.backups = backupRunner(deps, log);
  }

  start(repeat = true): void {
    void this.run();
    if (!repeat) return;
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.backups.settled();
  }

  /** One pass; concurrent calls share it. */
  run(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const step = async (name: string, work: () => unknown) => {
      const count = this.counts.get(name) ?? { runs: 0, failures: 0 };
      this.counts.set(name, count);
      count.runs++;
      try {
        await work();
      } catch (err) {
        count.failures++;
        this.log.error({ err }, `scheduled ${name} failed`);
      }
    };
    const today = dateIn(this.deps.config.clubTimezone, this.deps.now());
    if (this.day !== undefined && this.day !== today) this.deps.reads.clear();
    this.day = today;
    await step("dues charges", () => runDuesJob(this.deps));
    await step("dues reminders", () => sendDuesReminders(this.deps));
    await step("meeting reminders", () => sendMeetingReminders(this.deps));
    await step("backup", () => this.backups.runIfDue());
    await step("housekeeping", () => removeStale(this.deps));
  }
}
