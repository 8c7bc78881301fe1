import { findMemberById, insertBottleComment, isExistingBottle, listCommentsForBottle } from "@club/db";
import { ServerMessages, type Comment, type NewCommentInput } from "@club/shared";
import type { AuthedCtx, PublicCtx } from "../../api/context";
import { NotFoundError, UnauthorizedError } from "../../api/errors";

/** A bottle's comments, oldest first: [] when it has none, 404 when the bottle is unknown. */
export function commentsByBottle(ctx: PublicCtx, input: { bottleId: number }): Comment[] {
  const comments = listCommentsForBottle(ctx.db, input.bottleId);
  if (comments.length === 0 && !isExistingBottle(ctx.db, input.bottleId))
    throw new NotFoundError(ServerMessages.bottleNotFound);
  return comments;
}

export function createComment(ctx: AuthedCtx, input: NewCommentInput): Comment {
  if (!isExistingBottle(ctx.db, input.bottleId)) throw new NotFoundError(ServerMessages.bottleNotFound);
  // A token can outlive its member; that is an authentication problem, not a foreign-key 500.
  if (!findMemberById(ctx.db, ctx.user.id)) throw new UnauthorizedError(ServerMessages.invalidToken);
  return insertBottleComment(ctx.db, {
    bottleId: input.bottleId,
    memberId: ctx.user.id,
    comment: input.comment,
  });
}
