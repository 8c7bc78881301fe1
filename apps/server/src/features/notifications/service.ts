import {
  countUnreadNotifications,
  deletePushSubscription,
  findPushSubscription,
  listNotifications,
  listNotificationSettings,
  markNotificationsRead,
  putNotificationSetting,
  upsertPushSubscription,
} from "@club/db";
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  NotificationMessages,
  type Notification,
  type NotificationKind,
  type NotificationReadInput,
  type NotificationSettings,
  type NotificationSettingsInput,
  type PushSubscriptionInput,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { BadRequestError, NotFoundError } from "../../kernel/errors";
import { refuseTarget } from "../../platform/publicAddress";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import { recordActivity } from "../activity/record";

/** The most notifications a list holds (the newest). */
const LIST_MAX = 200;

/** GET /api/Notifications: the caller's notifications, newest first (only the unread when asked). */
export function getNotifications(ctx: AuthedCtx, input: { unread?: boolean } | undefined): Notification[] {
  return listNotifications(ctx.db, ctx.user.id, input?.unread === true, LIST_MAX).map((n) => ({
    id: n.id,
    kind: n.kind as NotificationKind,
    at: n.at,
    text: n.text,
    link: n.link,
    read: n.readAt !== null,
  }));
}

/** The bell's number: the caller's unread notifications. */
export const getUnreadCount = (ctx: AuthedCtx): { unread: number } => ({
  unread: countUnreadNotifications(ctx.db, ctx.user.id),
});

/** POST /api/Notifications/Read: marks the caller's own (others' ids change nothing). */
export function readNotifications(ctx: AuthedCtx, input: NotificationReadInput): void {
  ctx.db.transaction(() => {
    const before = countUnreadNotifications(ctx.db, ctx.user.id);
    markNotificationsRead(
      ctx.db,
      ctx.user.id,
      input.all ? "all" : (input.ids ?? []),
      ctx.now().toISOString(),
    );
    recordActivity(
      ctx,
      "notifications",
      ctx.user.id,
      { unread: before },
      {
        unread: countUnreadNotifications(ctx.db, ctx.user.id),
      },
    );
  });
}

/** GET /api/Account/Notifications: every kind's channels, the member's own or the defaults. */
export function getNotificationSettings(
  ctx: Pick<Deps, "db"> & { user: { id: number } },
): NotificationSettings {
  const own = new Map(listNotificationSettings(ctx.db, ctx.user.id).map((s) => [s.kind, s]));
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const row = own.get(kind) ?? NOTIFICATION_DEFAULTS[kind];
      return [kind, { inApp: row.inApp, email: row.email, push: row.push }];
    }),
  ) as NotificationSettings["kinds"];
  return { kinds };
}

/** PUT /api/Account/Notifications: the kinds named change; the others stay as they were. */
export function setNotificationSettings(
  ctx: AuthedCtx,
  input: NotificationSettingsInput,
): NotificationSettings {
  ctx.db.transaction(() => {
    const before = getNotificationSettings(ctx);
    for (const kind of NOTIFICATION_KINDS) {
      const channels = input.kinds[kind];
      if (channels) putNotificationSetting(ctx.db, ctx.user.id, kind, channels);
    }
    recordActivity(ctx, "notifications", ctx.user.id, before, getNotificationSettings(ctx));
  });
  return getNotificationSettings(ctx);
}

/** GET /api/Push/PublicKey: the server's VAPID public key (made on first use). */
export async function getPushPublicKey(deps: Deps): Promise<{ publicKey: string }> {
  return { publicKey: (await deps.push.keys()).publicKey };
}

/**
 * POST /api/Account/PushSubscriptions: this browser's subscription, for the caller. Its endpoint is
 * where the server will post, so it is held to a webhook's rules: https, a public address (unless
 * WEBHOOKS_ALLOW_PRIVATE), checked again at each send.
 */
export async function subscribePush(ctx: AuthedCtx, input: PushSubscriptionInput): Promise<{ id: number }> {
  const refused = await refuseTarget(input.endpoint, {
    allowPrivate: ctx.config.webhooksAllowPrivate,
    httpsOnly: true,
  });
  // Why the address is refused, in the address check's own words.
  // eslint-disable-next-line no-restricted-syntax
  if (refused) throw new BadRequestError(`${NotificationMessages.pushEndpointRefused} ${refused}`);
  return ctx.db.transaction(() => {
    const row = upsertPushSubscription(ctx.db, {
      memberId: ctx.user.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    });
    recordActivity(ctx, "pushSubscription", row.id, null, { id: row.id });
    return { id: row.id };
  });
}

/** DELETE /api/Account/PushSubscriptions/{id}: one of the caller's subscriptions (or, for an admin, anyone's). */
export function unsubscribePush(ctx: AuthedCtx, input: { id: number }): void {
  ctx.db.transaction(() => {
    const row = findPushSubscription(ctx.db, input.id);
    if (!row) throw new NotFoundError(NotificationMessages.pushSubscriptionNotFound);
    assertCreatorOrAdmin(ctx, row.memberId);
    deletePushSubscription(ctx.db, input.id);
    recordActivity(ctx, "pushSubscription", input.id, { id: input.id }, null);
  });
}
