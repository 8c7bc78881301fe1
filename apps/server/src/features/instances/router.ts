import type { TRPCRouterRecord } from "@trpc/server";
import {
  BottleInstanceSchema,
  InstanceIdSchema,
  NewInstanceInputSchema,
  UpdateInstanceInputSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { memberProcedure } from "../../kernel/trpc";
import { createInstance, deleteInstance, finishInstance, updateInstance } from "./service";

export const instancesRouter = {
  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/BottleInstances/new", status: 201 },
      doc: {
        summary: "Add a purchase of a bottle",
        description:
          "`purchasePrice` is in dollars. A new instance is unfinished: `dateFinished` is null or absent.",
        response: BottleInstanceSchema,
        errors: [404],
      },
    })
    .input(NewInstanceInputSchema)
    .mutation(({ ctx, input }) => createInstance(ctx, input)),

  finish: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/BottleInstances/finish/:id", from: "none" },
      doc: {
        summary: "Mark a bottle instance finished",
        description: "Sets `dateFinished` to the server's today. Finishing twice is a 409.",
        response: BottleInstanceSchema,
        responseDescription: "Finished.",
        errors: [404, 409],
      },
    })
    .input(InstanceIdSchema)
    .mutation(({ ctx, input }) => finishInstance(ctx, input)),

  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/BottleInstances/:id" },
      doc: {
        summary: "Correct a purchase",
        description:
          "Date, price and finish date (null makes it unfinished again), and optionally the opened date (null: sealed again, its level reading dropped); by the member who added it or an admin.",
        response: BottleInstanceSchema,
        responseDescription: "Corrected.",
        errors: [403, 404],
      },
    })
    .input(UpdateInstanceInputSchema)
    .mutation(({ ctx, input }) => updateInstance(ctx, input)),

  delete: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/BottleInstances/:id" },
      doc: {
        summary: "Delete a purchase",
        response: OkSchema,
        errors: [403, 404],
      },
    })
    .input(InstanceIdSchema)
    .mutation(({ ctx, input }) => deleteInstance(ctx, input)),
} satisfies TRPCRouterRecord;
