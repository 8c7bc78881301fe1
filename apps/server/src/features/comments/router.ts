import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { CommentSchema, CommentsByBottleSchema, NewCommentInputSchema } from "@club/shared";
import { cachedReadProcedure, memberProcedure } from "../../api/trpc";
import { commentsByBottle, createComment } from "./service";

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
      doc: { summary: "Comment on a bottle", response: CommentSchema, responseDescription: "Created.", errors: [404] },
    })
    .input(NewCommentInputSchema)
    .mutation(({ ctx, input }) => createComment(ctx, input)),
} satisfies TRPCRouterRecord;
