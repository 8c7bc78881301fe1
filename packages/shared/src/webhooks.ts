import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { IdSchema, TimestampSchema } from "./common";
import { type ActivityActions } from "./activity";
import { NOTIFICATION_KINDS, NotificationKindSchema } from "./notifications";

// ---- Webhooks: the club's events posted to an admin's other tools ----

/** What a webhook may be sent: the kinds of notification, as events. */
export const WEBHOOK_EVENTS = NOTIFICATION_KINDS;
/** The event a hook's Test button sends. */
export const WEBHOOK_TEST_EVENT = "test";

/** The headers of every delivery (README: verifying a signature). */
export const WEBHOOK_HEADERS = {
  /** `sha256=<hex>`: HMAC-SHA256 of the raw body with the hook's secret. */
  signature: "X-Club-Signature",
  /** The event's id: the same on every retry of it, for the receiver to de-duplicate. */
  id: "X-Club-Event-Id",
  /** The event's name (a kind of notification, or `test`). */
  event: "X-Club-Event",
  /** When the event happened, in seconds since 1970 (also `at` in the body). */
  timestamp: "X-Club-Timestamp",
} as const;

export const WEBHOOK_URL_MAX = 2000;

/** POST /api/Admin/Webhooks. */
export const CreateWebhookInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, ValidationMessages.webhookUrlMissing)
    .max(WEBHOOK_URL_MAX, ValidationMessages.webhookUrlTooLong),
  events: z
    .array(NotificationKindSchema)
    .min(1, ValidationMessages.eventMissing)
    .max(NOTIFICATION_KINDS.length)
    .transform((events) => NOTIFICATION_KINDS.filter((k) => events.includes(k))),
});
export type CreateWebhookInput = z.input<typeof CreateWebhookInputSchema>;

/** GET /api/Admin/Webhooks: a hook (never its secret). */
export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(NotificationKindSchema),
  active: z.boolean(),
  createdAt: TimestampSchema,
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer of POST /api/Admin/Webhooks: the signing secret, shown this once. */
export const CreatedWebhookSchema = z.object({ id: z.number().int(), secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookIdSchema = z.object({ id: IdSchema });

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/** GET /api/Admin/Webhooks/{id}/Deliveries: one event's delivery to the hook, newest first. */
export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  at: TimestampSchema,
  /** pending (waiting for its next attempt), delivered (a 2xx answer), failed (given up). */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last attempt's answer (`answered 500`, a network error); null once delivered. */
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** Why a URL may not be sent to: the 400's sentence. */
export const WebhooksMessages = {
  webhookNotFound: "Webhook not found.",
  /** The text of the event the Test button sends. */
  testEvent: "A test event from the club.",
  notUrl: "The URL is not a valid absolute URL.",
  protocol: (httpsOnly: boolean) =>
    httpsOnly ? "The URL must start with https://." : "The URL must start with http:// or https://.",
  credentials: "The URL may not hold a user name or password.",
  privateAddress: (host: string) =>
    `The URL points at ${host}, this server or its own network; set WEBHOOKS_ALLOW_PRIVATE=true to allow it.`,
} as const;

export const WEBHOOKS_ACTIONS = [
  "webhooks.create",
  "webhooks.delete",
  "webhooks.test",
] as const satisfies ActivityActions<"webhooks">;
