import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  members,
  notifications,
  notificationSettings,
  pushKeys,
  pushOutbox,
  pushSubscriptions,
} from "../schema";

// ---- Notifications in the app ----

export const insertNotification = (
  db: Db,
  values: { memberId: number; kind: string; text: string; link: string; createdAt: string },
) => db.insert(notifications).values(values).returning({ id: notifications.id }).get();

/** A member's notifications, newest first (only the unread ones when asked); at most `limit`. */
export const listNotifications = (db: Db, memberId: number, unreadOnly: boolean, limit: number) =>
  db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      at: notifications.createdAt,
      text: notifications.text,
      link: notifications.link,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(and(eq(notifications.memberId, memberId), unreadOnly ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .all();

export const countUnreadNotifications = (db: Db, memberId: number): number =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt)))
    .get()?.n ?? 0;

/** Marks a member's notifications read: those of `ids` (others' are left alone), or all. */
export const markNotificationsRead = (db: Db, memberId: number, ids: number[] | "all", readAt: string) =>
  db
    .update(notifications)
    .set({ readAt })
    .where(
      and(
        eq(notifications.memberId, memberId),
        isNull(notifications.readAt),
        ids === "all" ? undefined : inArray(notifications.id, ids),
      ),
    )
    .run().changes;

// ---- Channels per kind ----

export const listNotificationSettings = (db: Db, memberId: number) =>
  db
    .select({
      kind: notificationSettings.kind,
      inApp: notificationSettings.inApp,
      email: notificationSettings.email,
      push: notificationSettings.push,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.memberId, memberId))
    .all();

/** Every member's own channels for one kind (members without a row follow the kind's defaults). */
export const listKindSettings = (db: Db, kind: string) =>
  db
    .select({
      memberId: notificationSettings.memberId,
      inApp: notificationSettings.inApp,
      email: notificationSettings.email,
      push: notificationSettings.push,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.kind, kind))
    .all();

export const putNotificationSetting = (
  db: Db,
  memberId: number,
  kind: string,
  channels: { inApp: boolean; email: boolean; push: boolean },
) =>
  db
    .insert(notificationSettings)
    .values({ memberId, kind, ...channels })
    .onConflictDoUpdate({ target: [notificationSettings.memberId, notificationSettings.kind], set: channels })
    .run();

// ---- Web Push subscriptions ----

/** A browser's subscription: a new one, or the same endpoint's (now this member's, with its keys). */
export const upsertPushSubscription = (
  db: Db,
  values: { memberId: number; endpoint: string; p256dh: string; auth: string },
) =>
  db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { memberId: values.memberId, p256dh: values.p256dh, auth: values.auth },
    })
    .returning({ id: pushSubscriptions.id })
    .get();

export const listPushSubscriptions = (db: Db, memberIds: number[]) =>
  memberIds.length === 0
    ? []
    : db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.memberId, memberIds)).all();

export const findPushSubscription = (db: Db, id: number) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).get();

export const deletePushSubscription = (db: Db, id: number) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run().changes;

// ---- Who a notification is for ----

/**
 * Active, confirmed members (all, or those of `ids`) with what their email needs, their language
 * and the Account page's reminder choices.
 */
export const listNotifiableMembers = (db: Db, ids?: number[]) =>
  db
    .select({
      id: members.id,
      email: members.email,
      firstName: members.firstName,
      role: members.role,
      language: members.language,
      meetingReminders: members.meetingReminders,
      duesReminders: members.duesReminders,
    })
    .from(members)
    .where(
      and(
        isNotNull(members.emailConfirmedAt),
        eq(members.status, "active"),
        ids === undefined ? undefined : inArray(members.id, ids.length ? ids : [-1]),
      ),
    )
    .all();

/** Members who commented on a bottle or keep it as a favourite. */
export const listBottleFollowers = (db: Db, bottleId: number): number[] =>
  (
    db.$client
      .prepare(
        `SELECT member_id AS id FROM bottle_comments WHERE bottle_id = ? AND member_id IS NOT NULL
         UNION SELECT member_id FROM favourites WHERE bottle_id = ?`,
      )
      .all(bottleId, bottleId) as { id: number }[]
  ).map((r) => r.id);

/** Members at a meeting's night: going with a place, or scoring one of its pours. */
export const listNightMembers = (db: Db, meetingId: number): number[] =>
  (
    db.$client
      .prepare(
        `SELECT member_id AS id FROM rsvps WHERE meeting_id = ? AND status = 'going' AND waitlisted = 0
         UNION SELECT member_id FROM scores WHERE meeting_id = ?`,
      )
      .all(meetingId, meetingId) as { id: number }[]
  ).map((r) => r.id);

// ---- The push outbox ----

export const queuePushMessage = (db: Db, values: { subscriptionId: number; payload: string }) =>
  db.insert(pushOutbox).values(values).run();

/** Undelivered push messages due at `now`, oldest first, with their subscriptions. */
export const listDuePushMessages = (db: Db, now: string, limit: number) =>
  db
    .select({
      id: pushOutbox.id,
      payload: pushOutbox.payload,
      attempts: pushOutbox.attempts,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(and(isNull(pushOutbox.sentAt), lte(pushOutbox.nextAttemptAt, now)))
    .orderBy(asc(pushOutbox.id))
    .limit(limit)
    .all();

export const nextPushAttemptAt = (db: Db): string | undefined =>
  db
    .select({ at: pushOutbox.nextAttemptAt })
    .from(pushOutbox)
    .where(isNull(pushOutbox.sentAt))
    .orderBy(asc(pushOutbox.nextAttemptAt))
    .get()?.at;

export const markPushSent = (db: Db, id: number, attempts: number, sentAt: string) =>
  db.update(pushOutbox).set({ sentAt, attempts, lastError: null }).where(eq(pushOutbox.id, id)).run();

export const markPushFailed = (
  db: Db,
  id: number,
  values: { attempts: number; error: string; nextAttemptAt: string },
) =>
  db
    .update(pushOutbox)
    .set({
      attempts: values.attempts,
      lastError: values.error.slice(0, 500),
      nextAttemptAt: values.nextAttemptAt,
    })
    .where(eq(pushOutbox.id, id))
    .run();

// ---- The VAPID keys ----

export const findPushKeys = (db: Db) => db.select().from(pushKeys).where(eq(pushKeys.id, 1)).get();

/** Keeps the first pair made: two servers' first uses agree on the pair the table holds. */
export const insertPushKeys = (db: Db, keys: { publicKey: string; privateKey: string }) =>
  db
    .insert(pushKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing()
    .run();

/** A bottle's name, for a notification about it. */
export const findBottleName = (db: Db, id: number): string | undefined =>
  (db.$client.prepare("SELECT name FROM bottles WHERE id = ?").get(id) as { name: string } | undefined)?.name;
