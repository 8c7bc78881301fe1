import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../client";
import { webhookDeliveries, webhooks } from "../schema";

// Webhooks: the admins' hooks, and their outbox and delivery log, which the server's worker
// (apps/server/src/platform/webhooks.ts) delivers from.

export type WebhookRow = typeof webhooks.$inferSelect;

export const insertWebhook = (
  db: Db,
  values: { url: string; events: string; secret: string; createdAt: string },
) => db.insert(webhooks).values(values).returning().get();

export const listWebhooks = (db: Db): WebhookRow[] =>
  db.select().from(webhooks).orderBy(asc(webhooks.id)).all();

export const findWebhook = (db: Db, id: number): WebhookRow | undefined =>
  db.select().from(webhooks).where(eq(webhooks.id, id)).get();

/** Removes a hook and, with it, its deliveries (pending ones are never sent). */
export const deleteWebhook = (db: Db, id: number): number =>
  db.delete(webhooks).where(eq(webhooks.id, id)).run().changes;

/**
 * Queues an event for a hook; with `once`, only the first time (the same notice told again is
 * not queued twice). The delivery's id, or undefined when it was queued before.
 */
export const queueWebhookDelivery = (
  db: Db,
  values: {
    webhookId: number;
    eventId: string;
    event: string;
    once: string | null;
    payload: string;
    createdAt: string;
  },
): number | undefined =>
  db
    .insert(webhookDeliveries)
    .values({ ...values, nextAttemptAt: values.createdAt })
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id })
    .get()?.id;

/** Undelivered, not given up, due at `now`: oldest first, with their hooks' URL and secret. */
export const listDueWebhookDeliveries = (db: Db, now: string, limit: number) =>
  db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      event: webhookDeliveries.event,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      url: webhooks.url,
      secret: webhooks.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        isNull(webhookDeliveries.deliveredAt),
        isNull(webhookDeliveries.failedAt),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(limit)
    .all();

export const nextWebhookAttemptAt = (db: Db): string | undefined =>
  db
    .select({ at: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(and(isNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.failedAt)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .get()?.at;

export const markWebhookDelivered = (db: Db, id: number, attempts: number, at: string): void => {
  db.update(webhookDeliveries)
    .set({ deliveredAt: at, attempts, lastError: null })
    .where(eq(webhookDeliveries.id, id))
    .run();
};

/** A failed attempt: its error and next attempt, or, with `givenUpAt`, no more attempts. */
export const markWebhookFailed = (
  db: Db,
  id: number,
  values: { attempts: number; error: string; nextAttemptAt: string; givenUpAt: string | null },
): void => {
  db.update(webhookDeliveries)
    .set({
      attempts: values.attempts,
      lastError: values.error.slice(0, 500),
      nextAttemptAt: values.nextAttemptAt,
      failedAt: values.givenUpAt,
    })
    .where(eq(webhookDeliveries.id, id))
    .run();
};

/** Removes deliveries done (delivered or given up) before `before`, at most `limit`; how many. */
export function deleteDoneWebhookDeliveries(db: Db, before: string, limit: number): number {
  const ids = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(or(lt(webhookDeliveries.deliveredAt, before), lt(webhookDeliveries.failedAt, before)))
    .orderBy(asc(webhookDeliveries.id))
    .limit(limit)
    .all()
    .map((row) => row.id);
  if (ids.length > 0) db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, ids)).run();
  return ids.length;
}

/** A hook's deliveries, newest first, at most `limit`. */
export const listWebhookDeliveries = (db: Db, webhookId: number, limit: number) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
    .all();
