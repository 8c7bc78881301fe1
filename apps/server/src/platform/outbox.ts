import type { FastifyBaseLogger } from "fastify";

const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** How long after a failed attempt the next one is due: 5 s × 2ⁿ, capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 2 ** attempts * 5_000);

/** A queued message's state: what the worker needs to know to retry it. */
export interface QueuedItem {
  id: number;
  /** Attempts made before this one. */
  attempts: number;
}

/** A failed attempt, as the queue records it. */
export interface Failure {
  /** Attempts made, this one included. */
  attempts: number;
  error: string;
  nextAttemptAt: string;
}

/**
 * One durable queue (a table written in the transaction of what it tells of): which of its
 * messages are due, when the next one is, how one is delivered (and marked delivered) and how a
 * failed attempt is recorded (a queue may give a message up after enough of them).
 */
export interface Queue<T extends QueuedItem> {
  /** The log's name for the queue ("email", "push", "webhook"). */
  name: string;
  due(now: string, limit: number): T[];
  /** The earliest next attempt of an undelivered message, or undefined. */
  next(): string | undefined;
  /** Delivers one message and marks it delivered; throws to have it retried. */
  deliver(item: T, attempts: number): Promise<void>;
  failed(item: T, failure: Failure): void;
}

/** Messages delivered per pass. */
const BATCH_SIZE = 50;

/**
 * The worker every outbox shares (email, Web Push, webhooks): a pass delivers what is due, one at
 * a time; a failure is recorded with its next attempt after an exponential back-off; the worker
 * then sleeps until the earliest next attempt. What a message is and how it goes out is the
 * queue's. A pass runs at a time, and the queue marks each delivery in its table, so a restart
 * picks up exactly what was not delivered.
 */
export class OutboxWorker<T extends QueuedItem> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private woken: NodeJS.Immediate | undefined;

  constructor(
    private readonly queue: Queue<T>,
    private readonly log: FastifyBaseLogger,
    private readonly retryDelayMs: (attempts: number) => number = backoffMs,
  ) {}

  /**
   * Something was queued: deliver it soon. Called inside the transaction that queued it, so the
   * pass starts on the next turn of the event loop, once that transaction has committed (or rolled
   * back: then nothing is sent).
   */
  wake(): void {
    this.woken ??= setImmediate(() => {
      this.woken = undefined;
      void this.flush();
    });
  }

  /** Delivers every message that is due. Resolves when this pass is done. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.deliverDue()
      .catch((err: unknown) => this.log.error({ err }, `${this.queue.name} delivery pass failed`))
      .finally(() => {
        this.running = undefined;
        this.schedule();
      });
    return this.running;
  }

  start(): void {
    this.stopped = false;
    void this.flush();
  }

  /** Stops after the pass under way, and the one just woken (a command line's one email is sent). */
  async stop(): Promise<void> {
    if (this.woken) {
      clearImmediate(this.woken);
      this.woken = undefined;
      await this.flush();
    }
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const next = this.queue.next();
    if (next === undefined) return;
    const delay = Math.max(50, Math.min(MAX_BACKOFF_MS, Date.parse(next) - Date.now()));
    this.timer = setTimeout(() => void this.flush(), delay);
    this.timer.unref();
  }

  private async deliverDue(): Promise<void> {
    const due = this.queue.due(new Date().toISOString(), BATCH_SIZE);
    for (const item of due) {
      if (this.stopped) return;
      const attempts = item.attempts + 1;
      try {
        await this.queue.deliver(item, attempts);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.log.warn(
          { queue: this.queue.name, id: item.id, attempts, reason },
          "delivery failed; will retry",
        );
        this.queue.failed(item, {
          attempts,
          error: reason,
          nextAttemptAt: new Date(Date.now() + this.retryDelayMs(attempts)).toISOString(),
        });
      }
    }
  }
}
