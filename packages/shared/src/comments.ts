import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { BodyIdSchema, IdSchema, TimestampSchema } from "./common";
import { COMMENT_MAX } from "./constants";
import { type ActivityActions } from "./activity";

export const CommentsByBottleSchema = z.object({ bottleId: IdSchema });

export const CommentSchema = z.object({
  id: z.number().int(),
  comment: z.string(),
  createdAt: TimestampSchema,
  /** The author's id: they and admins may correct it. */
  memberId: z.number().int(),
  member: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentTextSchema = z.string().trim().min(1, ValidationMessages.commentMissing).max(COMMENT_MAX);

export const NewCommentInputSchema = z.object({
  bottleId: BodyIdSchema,
  comment: CommentTextSchema,
});
export type NewCommentInput = z.infer<typeof NewCommentInputSchema>;

export const CommentIdSchema = z.object({ id: IdSchema });
export const UpdateCommentInputSchema = z.object({ id: IdSchema, comment: CommentTextSchema });
export type UpdateCommentInput = z.infer<typeof UpdateCommentInputSchema>;

/** The comments' actions in the activity log. */
export const COMMENTS_ACTIONS = [
  "comments.create",
  "comments.update",
  "comments.delete",
] as const satisfies ActivityActions<"comments">;
