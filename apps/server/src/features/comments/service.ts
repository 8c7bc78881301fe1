import {
  findBottleName,
  findMemberById,
  insertBottleComment,
  isExistingBottle,
  listBottleFollowers,
  listCommentsForBottle,
  loadEntity,
  removeEntity,
  updateEntity,
} from "@club/db";
import { ServerMessages, type Comment, type NewCommentInput, type UpdateCommentInput } from "@club/shared";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import type { AuthedCtx, PublicCtx } from "../../kernel/context";
import { audited, auditedCreate } from "../activity/record";
import { NotFoundError, UnauthorizedError } from "../../kernel/errors";
import { notify } from "../notifications/notify";

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
  const author = findMemberById(ctx.db, ctx.user.id);
  if (!author) throw new UnauthorizedError(ServerMessages.invalidToken);
  return auditedCreate(ctx, "comment", () => {
    // Who commented on the bottle or keeps it as a favourite hears of the answer (not its author).
    const followers = listBottleFollowers(ctx.db, input.bottleId);
    const created = insertBottleComment(ctx.db, {
      bottleId: input.bottleId,
      memberId: ctx.user.id,
      comment: input.comment,
    });
    notify(ctx, {
      kind: "commentAnswer",
      to: followers,
      except: ctx.user.id,
      values: {
        who: `${author.firstName} ${author.lastName}`.trim(),
        bottle: findBottleName(ctx.db, input.bottleId) ?? "",
      },
      link: `/bottle/${input.bottleId}`,
    });
    return created;
  });
}

function ownComment(ctx: AuthedCtx, id: number) {
  const row = loadEntity(ctx.db, "comment", String(id));
  if (!row) throw new NotFoundError(ServerMessages.commentNotFound);
  assertCreatorOrAdmin(ctx, row.memberId as number);
  return row;
}

/** Corrects a comment (its author or an admin). */
export function updateComment(ctx: AuthedCtx, input: UpdateCommentInput): { ok: true } {
  ownComment(ctx, input.id);
  return audited(ctx, "comment", input.id, () => {
    updateEntity(ctx.db, "comment", String(input.id), { comment: input.comment });
    return { result: { ok: true as const } };
  });
}

export function deleteComment(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  ownComment(ctx, input.id);
  return audited(ctx, "comment", input.id, () => {
    removeEntity(ctx.db, "comment", String(input.id));
    return { result: { ok: true as const } };
  });
}
