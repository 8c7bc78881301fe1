import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  CommentIdSchema,
  CommentSchema,
  CommentsByBottleSchema,
  NewCommentInputSchema,
  UpdateCommentInputSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { cachedReadProcedure, memberProcedure } from "../../kernel/trpc";
import { commentsByBottle, createComment, deleteComment, updateComment } from "./service";

export const commentsRouter = {
  byBottle: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/BottleComments/bottle/:bottleId" },
      doc: {
        summary: "List a bottle's comments",
        description: "Oldest first.",
        response: z.array(CommentSchema),
        responseDescription: "The comments.",
        errors: [404],
      },
    })
    .input(CommentsByBottleSchema)
    .query(({ ctx, input }) => commentsByBottle(ctx, input)),

  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/BottleComments", status: 201 },
      doc: {
        summary: "Comment on a bottle",
        response: CommentSchema,
        errors: [404],
      },
    })
    .input(NewCommentInputSchema)
    .mutation(({ ctx, input }) => createComment(ctx, input)),

  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/BottleComments/:id" },
      doc: {
        summary: "Correct a comment",
        description: "Its author or an admin.",
        response: OkSchema,
        responseDescription: "Corrected.",
        errors: [403, 404],
      },
    })
    .input(UpdateCommentInputSchema)
    .mutation(({ ctx, input }) => updateComment(ctx, input)),

  delete: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/BottleComments/:id" },
      doc: {
        summary: "Delete a comment",
        description: "Its author or an admin.",
        response: OkSchema,
        errors: [403, 404],
      },
    })
    .input(CommentIdSchema)
    .mutation(({ ctx, input }) => deleteComment(ctx, input)),
} satisfies TRPCRouterRecord;
