import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  CreatedWebhookSchema,
  CreateWebhookInputSchema,
  WEBHOOK_HEADERS,
  WebhookDeliverySchema,
  WebhookIdSchema,
  WebhookSchema,
} from "@club/shared";
import { adminProcedure } from "../../kernel/trpc";
import { CreatedIdSchema } from "../../kernel/openapiSchemas";
import { createWebhook, getWebhookDeliveries, getWebhooks, removeWebhook, testWebhook } from "./service";

const SIGNED = `Each event is a JSON POST \`{id, event, at, text, link, url}\` with \`${WEBHOOK_HEADERS.signature}: sha256=<hex>\` (HMAC-SHA256 of the raw body with the hook's secret), \`${WEBHOOK_HEADERS.id}\` (the same on every retry), \`${WEBHOOK_HEADERS.event}\` and \`${WEBHOOK_HEADERS.timestamp}\` (seconds); anything but a 2xx answer is retried with back-off.`;

/** Webhooks (admins): the club's events posted, signed, to the club's other tools. */
export const webhooksRouter = {
  list: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/Admin/Webhooks" },
      doc: {
        summary: "The club's webhooks",
        description: "Oldest first: the URL, the events it is sent and when it was added (never its secret).",
        response: z.array(WebhookSchema),
        responseDescription: "The webhooks.",
      },
    })
    .query(({ ctx }) => getWebhooks(ctx)),

  create: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/Admin/Webhooks", status: 201 },
      doc: {
        summary: "Add a webhook",
        description: `\`{url, events}\`: the events are kinds of notification. The answer's \`secret\` is shown this once. The URL may not point at this server or its own network (loopback, private, link-local and unique local addresses, or a name resolving to one) unless WEBHOOKS_ALLOW_PRIVATE=true: a 400 says why. ${SIGNED}`,
        response: CreatedWebhookSchema,
        responseDescription: "The webhook's id and its signing secret.",
      },
    })
    .input(CreateWebhookInputSchema)
    .mutation(({ ctx, input }) => createWebhook(ctx, input)),

  delete: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Admin/Webhooks/:id", status: 204 },
      doc: {
        summary: "Remove a webhook",
        description: "It is sent nothing more; its deliveries still waiting are dropped.",
        errors: [404],
      },
    })
    .input(WebhookIdSchema)
    .mutation(({ ctx, input }) => removeWebhook(ctx, input)),

  deliveries: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/Admin/Webhooks/:id/Deliveries" },
      doc: {
        summary: "A webhook's deliveries",
        description:
          "Newest first (the latest 100): the event, when it happened, its status (`pending`, `delivered`, or `failed` once given up), the attempts made and the last attempt's error.",
        response: z.array(WebhookDeliverySchema),
        responseDescription: "The deliveries.",
        errors: [404],
      },
    })
    .input(WebhookIdSchema)
    .query(({ ctx, input }) => getWebhookDeliveries(ctx, input)),

  test: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/Admin/Webhooks/:id/Test", status: 201 },
      doc: {
        summary: "Send a webhook a test event",
        description:
          "Queues a `test` event for the hook, delivered (and retried) like any other; `id` is its delivery.",
        response: CreatedIdSchema,
        errors: [404],
      },
    })
    .input(WebhookIdSchema)
    .mutation(({ ctx, input }) => testWebhook(ctx, input)),
} satisfies TRPCRouterRecord;
