import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  NotificationCountSchema,
  NotificationListInputSchema,
  NotificationReadInputSchema,
  NotificationSchema,
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  PushPublicKeySchema,
  PushSubscriptionIdSchema,
  PushSubscriptionInputSchema,
} from "@club/shared";
import { memberProcedure, publicProcedure } from "../../kernel/trpc";
import { CreatedIdSchema } from "../../kernel/openapiSchemas";
import {
  getNotifications,
  getNotificationSettings,
  getPushPublicKey,
  getUnreadCount,
  readNotifications,
  setNotificationSettings,
  subscribePush,
  unsubscribePush,
} from "./service";

/** A member's notifications: in the app, their channels per kind, and their browsers' Web Push. */
export const notificationsRouter = {
  list: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Notifications" },
      doc: {
        summary: "My notifications",
        description:
          "Newest first (the latest 200): what happened (`kind`, `text`), when (`at`), where it leads in the app (`link`) and whether it was read. `?unread=true` lists only the unread ones.",
        response: z.array(NotificationSchema),
        responseDescription: "The notifications.",
      },
    })
    .input(NotificationListInputSchema)
    .query(({ ctx, input }) => getNotifications(ctx, input)),

  count: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Notifications/Count" },
      doc: {
        summary: "How many of my notifications are unread",
        description: "The bell's number.",
        response: NotificationCountSchema,
        responseDescription: "The unread count.",
      },
    })
    .query(({ ctx }) => getUnreadCount(ctx)),

  read: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Notifications/Read", status: 204 },
      doc: {
        summary: "Mark notifications read",
        description: "`{ids}` marks those of the caller's notifications; `{all: true}` marks every one.",
      },
    })
    .input(NotificationReadInputSchema)
    .mutation(({ ctx, input }) => readNotifications(ctx, input)),

  settings: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account/Notifications" },
      doc: {
        summary: "How I am told of each kind of notification",
        description:
          "For each kind, the channels: in the app (`inApp`), by email (`email`; the Account page's meeting and dues email choices still apply to those emails) and on phones and browsers that subscribed (`push`).",
        response: NotificationSettingsSchema,
        responseDescription: "Every kind's channels.",
      },
    })
    .query(({ ctx }) => getNotificationSettings(ctx)),

  setSettings: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Account/Notifications" },
      doc: {
        summary: "Choose how I am told of each kind of notification",
        description: "The kinds named take the channels given; the others stay as they are.",
        response: NotificationSettingsSchema,
        responseDescription: "Every kind's channels now.",
      },
    })
    .input(NotificationSettingsInputSchema)
    .mutation(({ ctx, input }) => setNotificationSettings(ctx, input)),

  pushPublicKey: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/Push/PublicKey" },
      doc: {
        summary: "The server's Web Push key",
        description: "The VAPID public key (base64url) a browser subscribes with (`applicationServerKey`).",
        response: PushPublicKeySchema,
        responseDescription: "The public key.",
      },
    })
    .query(({ ctx }) => getPushPublicKey(ctx)),

  subscribePush: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Account/PushSubscriptions", status: 201 },
      doc: {
        summary: "Get notifications on this phone or browser",
        description:
          "A browser's PushSubscription as its `toJSON()` gives it (`endpoint`, `keys.p256dh`, `keys.auth`). The same endpoint again is the same subscription.",
        response: CreatedIdSchema,
      },
    })
    .input(PushSubscriptionInputSchema)
    .mutation(({ ctx, input }) => subscribePush(ctx, input)),

  unsubscribePush: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Account/PushSubscriptions/:id", status: 204 },
      doc: {
        summary: "Stop notifications on a phone or browser",
        description: "One of the caller's own subscriptions (an admin may remove anyone's).",
        errors: [403, 404],
      },
    })
    .input(PushSubscriptionIdSchema)
    .mutation(({ ctx, input }) => unsubscribePush(ctx, input)),
} satisfies TRPCRouterRecord;
