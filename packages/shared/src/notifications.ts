import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { BodyIdSchema, IdSchema, TimestampSchema } from "./common";
import { type ActivityActions } from "./activity";

// ---- Notifications: in the app, by email, on the phone ----

/** What a member can be told of; each kind has its own channels in the member's settings. */
export const NOTIFICATION_KINDS = [
  "meetingNew",
  "nightStarted",
  "revealed",
  "results",
  "waitlistPlace",
  "commentAnswer",
  "duesStatement",
  "approvalWaiting",
  "clubMessage",
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** Each kind's name on the Account page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  meetingNew: "A new meeting",
  nightStarted: "The host starts the night",
  revealed: "The bottles are revealed",
  results: "The results are in",
  waitlistPlace: "A place opens on the waitlist",
  commentAnswer: "An answer to a comment on a bottle I commented on or keep as a favourite",
  duesStatement: "A dues statement",
  approvalWaiting: "A membership waiting for approval (admins)",
  clubMessage: "A message to the club from the host or an admin",
};

export const NotificationChannelsSchema = z.object({
  inApp: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationChannels = z.infer<typeof NotificationChannelsSchema>;

/**
 * What a member gets when they chose nothing: everything in the app; email for the kinds that
 * were emails before (their Account page's reminder choices still apply); the phone once they
 * turn it on there.
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, NotificationChannels> = {
  meetingNew: { inApp: true, email: true, push: false },
  nightStarted: { inApp: true, email: false, push: false },
  revealed: { inApp: true, email: false, push: false },
  results: { inApp: true, email: false, push: false },
  waitlistPlace: { inApp: true, email: true, push: false },
  commentAnswer: { inApp: true, email: false, push: false },
  duesStatement: { inApp: true, email: true, push: false },
  approvalWaiting: { inApp: true, email: true, push: false },
  clubMessage: { inApp: true, email: true, push: false },
};

/** GET /api/Notifications: one notification, newest first. */
export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindSchema,
  at: TimestampSchema,
  text: z.string(),
  /** Where it leads in the app: a path ("/monthlymeeting/12"). */
  link: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListInputSchema = z
  .object({
    unread: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
  })
  .optional();

/** GET /api/Notifications/Count: the bell's number. */
export const NotificationCountSchema = z.object({ unread: z.number().int() });

/** POST /api/Notifications/Read: some of the caller's notifications, or all of them. */
export const NotificationReadInputSchema = z
  .object({
    ids: z.array(BodyIdSchema).min(1, ValidationMessages.notificationMissing).max(500).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((input) => (input.ids === undefined) !== (input.all === undefined), {
    message: ValidationMessages.idsOrAll,
  });
export type NotificationReadInput = z.infer<typeof NotificationReadInputSchema>;

/** GET and PUT /api/Account/Notifications: the channels of each kind (a PUT may name only some). */
export const NotificationSettingsSchema = z.object({
  kinds: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, NotificationChannelsSchema])) as Record<
      NotificationKind,
      typeof NotificationChannelsSchema
    >,
  ),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsInputSchema = z.object({
  kinds: z
    .object(
      Object.fromEntries(
        NOTIFICATION_KINDS.map((k) => [
          k,
          z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() }).optional(),
        ]),
      ) as Record<NotificationKind, z.ZodOptional<typeof NotificationChannelsSchema>>,
    )
    .strict(),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInputSchema>;

// ---- Web Push ----

export const PushPublicKeySchema = z.object({ publicKey: z.string() });

/** POST /api/Account/PushSubscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, message: ValidationMessages.pushEndpointUrl })
    .max(2000, ValidationMessages.pushEndpointTooLong),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, ValidationMessages.pushP256dh),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, ValidationMessages.pushAuth),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushSubscriptionIdSchema = z.object({ id: IdSchema });

export const NotificationMessages = {
  pushSubscriptionNotFound: "Push subscription not found.",
  pushEndpointRefused: "This push endpoint cannot be used.",
} as const;

export const NOTIFICATIONS_ACTIONS = [
  "notifications.read",
  "notifications.setSettings",
  "notifications.subscribePush",
  "notifications.unsubscribePush",
] as const satisfies ActivityActions<"notifications">;
