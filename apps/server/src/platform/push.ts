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
import type * as WebPushModule from "web-push";
import type { Config } from "../config";
import { OutboxWorker } from "./outbox";
import { postTo } from "./publicAddress";

type DuePush = ReturnType<typeof listDuePushMessages>[number];
/** A message its push service keeps refusing is given up after this many attempts. */
const MAX_ATTEMPTS = 8;
/** How long a push service may take to answer. */
const TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a phone that is off (seconds). */
const TTL_SECONDS = 24 * 60 * 60;

type WebPush = typeof WebPushModule;

/**
 * Web Push: the server's VAPID keys (made once, kept in the database) and the push outbox's
 * worker, which encrypts each message for its browser (aes128gcm, by `web-push`) and posts it to
 * the browser's push service (a public address unless WEBHOOKS_ALLOW_PRIVATE, checked on the
 * address connected to); a subscription the service says is gone (404, 410) is deleted, other
 * failures are retried by the outboxes' worker (platform/outbox.ts). `web-push` loads with the
 * first use.
 */
export class Pusher {
  private lib: Promise<WebPush> | undefined;
  private readonly worker: OutboxWorker<DuePush>;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    log: FastifyBaseLogger,
  ) {
    this.worker = new OutboxWorker<DuePush>(
      {
        name: "push",
        due: (now, limit) => listDuePushMessages(this.db, now, limit),
        next: () => nextPushAttemptAt(this.db),
        deliver: (message, attempts) => this.deliver(message, attempts),
        failed: (message, failure) => {
          // A message its push service keeps refusing is given up.
          if (failure.attempts >= MAX_ATTEMPTS)
            markPushSent(this.db, message.id, failure.attempts, new Date().toISOString());
          markPushFailed(this.db, message.id, failure);
        },
      },
      log,
    );
  }

  private webPush(): Promise<WebPush> {
    this.lib ??= import("web-push").then((m) => (m as { default?: WebPush }).default ?? m);
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
    this.worker.wake();
  }

  flush(): Promise<void> {
    return this.worker.flush();
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** VAPID's subject: the sender's address. */
  private subject(): string {
    const address = /<([^>]+)>/.exec(this.config.mailFrom)?.[1] ?? this.config.mailFrom;
    return `mailto:${address.trim()}`;
  }

  private async deliver(message: DuePush, attempts: number): Promise<void> {
    const webPush = await this.webPush();
    const vapid = await this.keys();
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
    const res = await postTo(request.endpoint, {
      headers: request.headers,
      body: new Uint8Array(request.body),
      timeoutMs: TIMEOUT_MS,
      allowPrivate: this.config.webhooksAllowPrivate,
    });
    if (res.status === 404 || res.status === 410) {
      deletePushSubscription(this.db, message.subscriptionId);
      return;
    }
    if (res.status < 200 || res.status >= 300) throw new Error(`the push service answered ${res.status}`);
    markPushSent(this.db, message.id, attempts, new Date().toISOString());
  }
}
