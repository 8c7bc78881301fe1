import { and, asc, eq, inArray, isNull, lt, lte } from "drizzle-orm";
import type { Db } from "../client";
import { outbox } from "../schema";

// The email outbox: the server's Mailer (apps/server/src/platform/mailer.ts) stores messages here
// and its worker delivers them, retrying failures with backoff.

export type OutboxMessage = typeof outbox.$inferSelect;

/** Queues a message, due at once (nextAttemptAt defaults to now). */
export function insertOutboxMessage(
  db: Db,
  message: { to: string; subject: string; text: string; html?: string | null },
): void {
  db.insert(outbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
    .run();
}

/** Unsent messages whose next attempt is at or before `now`, oldest first, at most `limit`. */
export const listDueOutboxMessages = (db: Db, now: string, limit: number): OutboxMessage[] =>
  db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .all();

/** The earliest nextAttemptAt of the unsent messages, or undefined when everything was sent. */
export const nextOutboxAttemptAt = (db: Db): string | undefined =>
  db
    .select({ at: outbox.nextAttemptAt })
    .from(outbox)
    .where(isNull(outbox.sentAt))
    .orderBy(asc(outbox.nextAttemptAt))
    .get()?.at;

/** Records a delivery: sentAt, the attempt count including this one, and no error. */
export function markOutboxMessageSent(
  db: Db,
  id: number,
  values: { attempts: number; sentAt: string },
): void {
  db.update(outbox)
    .set({ sentAt: values.sentAt, attempts: values.attempts, lastError: null })
    .where(eq(outbox.id, id))
    .run();
}

/** Stored error messages are cut to this many characters. */
const OUTBOX_ERROR_MAX_LENGTH = 500;

/** Records a failed attempt: the attempt count including this one, the error, and when to retry. */
export function markOutboxMessageFailed(
  db: Db,
  id: number,
  values: { attempts: number; error: string; nextAttemptAt: string },
): void {
  db.update(outbox)
    .set({
      attempts: values.attempts,
      lastError: values.error.slice(0, OUTBOX_ERROR_MAX_LENGTH),
      nextAttemptAt: values.nextAttemptAt,
    })
    .where(eq(outbox.id, id))
    .run();
}

/**
 * Removes the messages sent before `before`, at most `limit`; their ids (the outbox folder's files
 * are named by them).
 */
export function deleteSentOutboxMessages(db: Db, before: string, limit: number): number[] {
  const ids = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(lt(outbox.sentAt, before))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .all()
    .map((row) => row.id);
  if (ids.length > 0) db.delete(outbox).where(inArray(outbox.id, ids)).run();
  return ids;
}
