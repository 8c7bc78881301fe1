import { randomBytes, randomUUID } from "node:crypto";
import {
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhookDeliveries,
  listWebhooks,
  queueWebhookDelivery,
  type WebhookRow,
} from "@club/db";
import {
  NOTIFICATION_KINDS,
  WEBHOOK_TEST_EVENT,
  WebhooksMessages,
  type CreatedWebhook,
  type NotificationKind,
  type Webhook,
  type WebhookDelivery,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { BadRequestError, NotFoundError } from "../../kernel/errors";
import { refuseTarget } from "../../platform/publicAddress";
import { recordActivity } from "../activity/record";

/** The most deliveries a hook's log shows (the newest). */
const DELIVERIES_MAX = 100;

const eventsOf = (row: WebhookRow): NotificationKind[] =>
  row.events
    .split(",")
    .filter((e): e is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(e));

const webhookOf = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row),
  active: row.active,
  createdAt: row.createdAt,
});

/** GET /api/Admin/Webhooks: every hook, oldest first, without its secret. */
export const getWebhooks = (ctx: AuthedCtx): Webhook[] => listWebhooks(ctx.db).map(webhookOf);

function webhookOrThrow(ctx: AuthedCtx, id: number): WebhookRow {
  const row = findWebhook(ctx.db, id);
  if (!row) throw new NotFoundError(WebhooksMessages.webhookNotFound);
  return row;
}

/**
 * POST /api/Admin/Webhooks: a new hook and its signing secret, shown this once. The URL must not
 * point the server at itself or its own network (unless WEBHOOKS_ALLOW_PRIVATE): a 400 says why.
 */
export async function createWebhook(
  ctx: AuthedCtx,
  input: { url: string; events: NotificationKind[] },
): Promise<CreatedWebhook> {
  const refused = await refuseTarget(input.url, { allowPrivate: ctx.config.webhooksAllowPrivate });
  if (refused) throw new BadRequestError(refused);
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const row = ctx.db.transaction(() => {
    const created = insertWebhook(ctx.db, {
      url: input.url,
      events: input.events.join(","),
      secret,
      createdAt: ctx.now().toISOString(),
    });
    recordActivity(ctx, "webhook", created.id, null, { url: created.url, events: input.events });
    return created;
  });
  return { id: row.id, secret };
}

/** DELETE /api/Admin/Webhooks/{id}: the hook stops at once; its pending deliveries go with it. */
export function removeWebhook(ctx: AuthedCtx, input: { id: number }): void {
  ctx.db.transaction(() => {
    const row = webhookOrThrow(ctx, input.id);
    deleteWebhook(ctx.db, row.id);
    recordActivity(ctx, "webhook", row.id, { url: row.url, events: eventsOf(row) }, null);
  });
}

/** GET /api/Admin/Webhooks/{id}/Deliveries: the hook's log, newest first. */
export function getWebhookDeliveries(ctx: AuthedCtx, input: { id: number }): WebhookDelivery[] {
  const row = webhookOrThrow(ctx, input.id);
  return listWebhookDeliveries(ctx.db, row.id, DELIVERIES_MAX).map((d) => ({
    id: d.id,
    event: d.event,
    at: d.createdAt,
    status: d.deliveredAt !== null ? "delivered" : d.failedAt !== null ? "failed" : "pending",
    attempts: d.attempts,
    error: d.lastError,
  }));
}

/** An event as a hook receives it: the body, byte for byte what is signed. */
interface WebhookEvent {
  event: NotificationKind | typeof WEBHOOK_TEST_EVENT;
  text: string;
  /** A path in the app ("/monthlymeeting/12"); the body carries the whole URL too. */
  link: string;
  /** The notice's key: each hook gets an event of this key once. */
  once?: string;
}

/** Queues the event for one hook: the delivery's id, or undefined when the hook had it already. */
function queueFor(deps: Deps, hook: WebhookRow, event: WebhookEvent): number | undefined {
  const id = randomUUID();
  const at = deps.now().toISOString();
  const payload = JSON.stringify({
    id,
    event: event.event,
    at,
    text: event.text,
    link: event.link,
    url: `${deps.config.appUrl}${event.link}`,
  });
  return queueWebhookDelivery(deps.db, {
    webhookId: hook.id,
    eventId: id,
    event: event.event,
    once: event.once ?? null,
    payload,
    createdAt: at,
  });
}

/**
 * Queues an event for every active hook that takes it, in the caller's transaction (notify()
 * calls it with the change it tells of): the worker posts it after the commit, once, across
 * restarts.
 */
export function queueWebhookEvent(deps: Deps, event: WebhookEvent & { event: NotificationKind }): void {
  let queued = false;
  for (const hook of listWebhooks(deps.db))
    if (hook.active && eventsOf(hook).includes(event.event) && queueFor(deps, hook, event) !== undefined)
      queued = true;
  if (queued) deps.webhooks.wake();
}

/** POST /api/Admin/Webhooks/{id}/Test: a `test` event for the hook, delivered like any other. */
export function testWebhook(ctx: AuthedCtx, input: { id: number }): { id: number } {
  const id = ctx.db.transaction(() => {
    const row = webhookOrThrow(ctx, input.id);
    const delivery = queueFor(ctx, row, {
      event: WEBHOOK_TEST_EVENT,
      text: WebhooksMessages.testEvent,
      link: "/",
    })!;
    recordActivity(ctx, "webhook", row.id, null, { url: row.url, delivery });
    return delivery;
  });
  ctx.webhooks.wake();
  return { id };
}
