import { createHmac } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  listDueWebhookDeliveries,
  markWebhookDelivered,
  markWebhookFailed,
  nextWebhookAttemptAt,
  type Db,
} from "@club/db";
import { WEBHOOK_HEADERS } from "@club/shared";
import type { Config } from "../config";
import { backoffMs, OutboxWorker } from "./outbox";
import { postTo } from "./publicAddress";

type DueDelivery = ReturnType<typeof listDueWebhookDeliveries>[number];

/** A delivery its receiver keeps refusing is given up after this many attempts (about 4 hours). */
export const WEBHOOK_MAX_ATTEMPTS = 12;
/** How long a receiver may take to answer. */
const TIMEOUT_MS = 10_000;

/** The signature header's value: HMAC-SHA256 of the raw body with the hook's secret, in hex. */
export const webhookSignature = (secret: string, body: string): string =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/**
 * The webhooks' worker: posts each queued event (webhook_deliveries) to its hook, signed, and
 * marks it delivered on a 2xx answer; anything else is retried by the outboxes' worker
 * (platform/outbox.ts) until WEBHOOK_MAX_ATTEMPTS. The address connected to must be public unless
 * WEBHOOKS_ALLOW_PRIVATE, whatever the hook's name resolves to now. No redirect is followed.
 */
export class WebhookSender {
  private readonly worker: OutboxWorker<DueDelivery>;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    log: FastifyBaseLogger,
    retryDelayMs: (attempts: number) => number = backoffMs,
  ) {
    this.worker = new OutboxWorker<DueDelivery>(
      {
        name: "webhook",
        due: (now, limit) => listDueWebhookDeliveries(this.db, now, limit),
        next: () => nextWebhookAttemptAt(this.db),
        deliver: (delivery, attempts) => this.deliver(delivery, attempts),
        failed: (delivery, failure) =>
          markWebhookFailed(this.db, delivery.id, {
            ...failure,
            givenUpAt: failure.attempts >= WEBHOOK_MAX_ATTEMPTS ? new Date().toISOString() : null,
          }),
      },
      log,
      retryDelayMs,
    );
  }

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

  private async deliver(delivery: DueDelivery, attempts: number): Promise<void> {
    const res = await postTo(delivery.url, {
      headers: {
        "content-type": "application/json",
        "user-agent": "whiskey-club-webhooks",
        [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, delivery.payload),
        [WEBHOOK_HEADERS.id]: delivery.eventId,
        [WEBHOOK_HEADERS.event]: delivery.event,
        [WEBHOOK_HEADERS.timestamp]: String(Math.floor(Date.parse(delivery.createdAt) / 1000)),
      },
      body: delivery.payload,
      timeoutMs: TIMEOUT_MS,
      allowPrivate: this.config.webhooksAllowPrivate,
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`answered ${res.status}`);
    markWebhookDelivered(this.db, delivery.id, attempts, new Date().toISOString());
  }
}
