import { z } from "zod";
import { BodyIdSchema, IdSchema } from "./common";
import { COMMENT_MAX } from "./constants";

export const CommentsByBottleSchema = z.object({ bottleId: IdSchema });

export const CommentSchema = z.object({
  id: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  member: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type Comment = z.infer<typeof CommentSchema>;

export const NewCommentInputSchema = z.object({
  bottleId: BodyIdSchema,
  comment: z.string().trim().min(1, "Write a comment first.").max(COMMENT_MAX),
});
export type NewCommentInput = z.infer<typeof NewCommentInputSchema>;
