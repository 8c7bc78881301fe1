import type { FastifyBaseLogger } from "fastify";
import {
  deletePushSubscription,
  findPushKeys,
  insertPushKeys,
  listDuePushMessages,
  markPushFailed,
  markPushSent,
  nextPushAttemptAt,
  type Db,
} from "@club/db";
import type { Config } from "../config";
import { backoffMs } from "./mailer";

/** Messages delivered per pass. */
const BATCH_SIZE = 50;
/** A message its push service keeps refusing is given up after this many attempts. */
const MAX_ATTEMPTS = 8;
/** How long a push service may take to answer. */
const TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a phone that is off (seconds). */
const TTL_SECONDS = 24 * 60 * 60;

type WebPush = typeof import("web-push");

/**
 * Web Push: the server's VAPID keys (made once, kept in the database) and the push outbox's
 * worker, which encrypts each message for its browser (aes128gcm, by `web-push`) and posts it to
 * the browser's push service; a subscription the service says is gone (404, 410) is deleted, other
 * failures are retried with the mailer's back-off. `web-push` loads with the first use.
 */
export class Pusher {
  private lib: Promise<WebPush> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  private webPush(): Promise<WebPush> {
    this.lib ??= import("web-push").then((m) => ((m as { default?: WebPush }).default ?? m) as WebPush);
    return this.lib;
  }

  /** The VAPID key pair, made on first use. */
  async keys(): Promise<{ publicKey: string; privateKey: string }> {
    const kept = findPushKeys(this.db);
    if (kept) return kept;
    insertPushKeys(this.db, (await this.webPush()).generateVAPIDKeys());
    return findPushKeys(this.db)!;
  }

  /** Something was queued: deliver it soon. */
  wake(): void {
    void this.flush();
  }

  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.deliverDue()
      .catch((err: unknown) => this.log.error({ err }, "push delivery pass failed"))
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

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const next = nextPushAttemptAt(this.db);
    if (next === undefined) return;
    const delay = Math.max(50, Math.min(60 * 60 * 1000, Date.parse(next) - Date.now()));
    this.timer = setTimeout(() => void this.flush(), delay);
    this.timer.unref();
  }

  /** VAPID's subject: the sender's address. */
  private subject(): string {
    const address = /<([^>]+)>/.exec(this.config.mailFrom)?.[1] ?? this.config.mailFrom;
    return `mailto:${address.trim()}`;
  }

  private async deliverDue(): Promise<void> {
    const due = listDuePushMessages(this.db, new Date().toISOString(), BATCH_SIZE);
    if (due.length === 0) return;
    const webPush = await this.webPush();
    const vapid = await this.keys();
    for (const message of due) {
      const attempts = message.attempts + 1;
      try {
        // web-push builds the encrypted request; it is posted here, with a timeout.
        const request = webPush.generateRequestDetails(
          { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
          message.payload,
          {
            TTL: TTL_SECONDS,
            contentEncoding: "aes128gcm",
            vapidDetails: { subject: this.subject(), ...vapid },
          },
        );
        const res = await fetch(request.endpoint, {
          method: "POST",
          headers: request.headers as Record<string, string>,
          body: request.body as Uint8Array<ArrayBuffer>,
          redirect: "error",
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) {
          deletePushSubscription(this.db, message.subscriptionId);
          continue;
        }
        if (!res.ok) throw new Error(`the push service answered ${res.status}`);
        markPushSent(this.db, message.id, attempts, new Date().toISOString());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.log.warn({ pushId: message.id, attempts, reason }, "push delivery failed");
        if (attempts >= MAX_ATTEMPTS) markPushSent(this.db, message.id, attempts, new Date().toISOString());
        markPushFailed(this.db, message.id, {
          attempts,
          error: reason,
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts)).toISOString(),
        });
      }
    }
  }
}
