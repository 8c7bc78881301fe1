import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { ActivityEntrySchema, ActivityIdSchema, ActivityQuerySchema, UndoResultSchema } from "@club/shared";
import { memberProcedure } from "../../kernel/trpc";
import { getActivity, undo } from "./service";

export const activityRouter = {
  list: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Activity" },
      doc: {
        summary: "Recent changes",
        description:
          "Every change to the club's data, newest first: who, what, which entity, its values before and after. Filter by `memberId` (or `mine`), `entity` and `entityId`; page back with `before`.",
        response: z.array(ActivityEntrySchema),
        responseDescription: "The changes.",
      },
    })
    .input(ActivityQuerySchema)
    .query(({ ctx, input }) => getActivity(ctx, input)),

  undo: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Activity/:id/Undo", from: "none" },
      doc: {
        summary: "Undo a change",
        description:
          "By its author within 24 hours, or by an admin any time (403 otherwise). 409 when the entity changed since, or the change cannot be undone.",
        response: UndoResultSchema,
        responseDescription: "Undone; `activityId` is the undo's own entry.",
        errors: [403, 404, 409],
      },
    })
    .input(ActivityIdSchema)
    .mutation(({ ctx, input }) => undo(ctx, input)),
} satisfies TRPCRouterRecord;
