import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { childOf, now } from "./columns";
import { members } from "./members";

/**
 * A member's notification in the app: what happened (its kind and sentence), where it leads, and
 * when the member read it. Made by `notify()` in the same transaction as the change it tells of.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: childOf(() => members.id),
    kind: text().notNull(),
    text: text().notNull(),
    /** A path in the app ("/monthlymeeting/12"). */
    link: text().notNull(),
    createdAt: text().notNull().default(now),
    readAt: text(),
  },
  (t) => [index("notifications_member_idx").on(t.memberId, t.readAt)],
);

/**
 * A member's channels for one kind of notification; no row: the kind's defaults. Email of the
 * kinds that were emails before (meeting notices, dues reminders) also follows the Account page's
 * reminder choices.
 */
export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    memberId: childOf(() => members.id),
    kind: text().notNull(),
    inApp: integer({ mode: "boolean" }).notNull(),
    email: integer({ mode: "boolean" }).notNull(),
    push: integer({ mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** A browser's Web Push subscription for a member: where its push service takes messages. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: childOf(() => members.id),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("push_subscriptions_member_idx").on(t.memberId)],
);

/**
 * Messages for browsers' push services, kept until delivered (like the email outbox): written in
 * the transaction of what they tell of, delivered once, retried with back-off.
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    subscriptionId: childOf(() => pushSubscriptions.id),
    /** JSON: title, body, link, kind. */
    payload: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: text().notNull().default(now),
    sentAt: text(),
    lastError: text(),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("push_outbox_pending_idx").on(t.sentAt, t.nextAttemptAt)],
);

/** The server's VAPID key pair (one row), made on first use; its public key is the browsers'. */
export const pushKeys = sqliteTable("push_keys", {
  id: integer().primaryKey(),
  publicKey: text().notNull(),
  privateKey: text().notNull(),
  createdAt: text().notNull().default(now),
});

/**
 * An admin's webhook: a URL the club's events are posted to, signed with its secret (kept, since
 * signing needs it; shown to the admin once). `events`: the kinds of notification it is sent,
 * comma-separated.
 */
export const webhooks = sqliteTable("webhooks", {
  id: integer().primaryKey({ autoIncrement: true }),
  url: text().notNull(),
  events: text().notNull(),
  secret: text().notNull(),
  active: integer({ mode: "boolean" }).notNull().default(true),
  createdAt: text().notNull().default(now),
});

/**
 * Each event for each webhook: the webhooks' outbox and their delivery log. Written in the
 * transaction of what it tells of (`once`: the notice's key, so an event told twice is queued
 * once), delivered until a 2xx answer, retried with back-off, given up (`failedAt`) after enough
 * attempts. `eventId` is the same on every attempt, for receivers to de-duplicate.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    webhookId: childOf(() => webhooks.id),
    eventId: text().notNull().unique(),
    event: text().notNull(),
    once: text(),
    /** The JSON body posted, byte for byte on every attempt (what the signature covers). */
    payload: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: text().notNull().default(now),
    deliveredAt: text(),
    failedAt: text(),
    lastError: text(),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    index("webhook_deliveries_pending_idx").on(t.deliveredAt, t.failedAt, t.nextAttemptAt),
    index("webhook_deliveries_hook_idx").on(t.webhookId, t.id),
    uniqueIndex("webhook_deliveries_once_idx").on(t.webhookId, t.once),
  ],
);
