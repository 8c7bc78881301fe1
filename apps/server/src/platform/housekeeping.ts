import { rmSync } from "node:fs";
import { deleteDoneWebhookDeliveries, deleteSentOutboxMessages, deleteStaleRegistrations } from "@club/db";
import type { Deps } from "../kernel/context";
import { outboxFile } from "./mailer";

/**
 * Days a registration may wait for its address's confirmation before it is removed: its link lasts
 * 24 hours, and "send the link again" gives a new one meanwhile; after that the person registers
 * again. Until then a stranger's registrations (rate limited per address, not per day) were kept
 * for ever.
 */
export const UNCONFIRMED_KEEP_DAYS = 7;
/** Days a sent email is kept: its outbox row and, without SMTP_URL, its file in DATA_DIR/outbox/. */
export const SENT_MAIL_KEEP_DAYS = 30;
/** Days a webhook's delivery stays in its log once delivered or given up. */
export const WEBHOOK_LOG_KEEP_DAYS = 30;
/** Rows one pass removes of each at most (a pass runs every few minutes). */
const PER_PASS = 500;

/** Removes what the club no longer needs: a step of the club's scheduled work. */
export function removeStale(deps: Pick<Deps, "db" | "config" | "now">): void {
  const daysAgo = (days: number) => new Date(deps.now().getTime() - days * 86_400_000).toISOString();
  deleteStaleRegistrations(deps.db, daysAgo(UNCONFIRMED_KEEP_DAYS), PER_PASS);
  for (const id of deleteSentOutboxMessages(deps.db, daysAgo(SENT_MAIL_KEEP_DAYS), PER_PASS))
    rmSync(outboxFile(deps.config.outboxDir, id), { force: true });
  deleteDoneWebhookDeliveries(deps.db, daysAgo(WEBHOOK_LOG_KEEP_DAYS), PER_PASS);
}
