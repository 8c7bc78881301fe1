import { ServerMessages } from "@club/shared";
import type { AuthedCtx } from "./context";
import { ForbiddenError } from "./errors";

/**
 * A member may correct what they created; an admin may correct anything. Rows from before the club
 * kept track of creators (createdBy null) are the admins'.
 */
export function assertCreatorOrAdmin(ctx: AuthedCtx, createdBy: number | null | undefined): void {
  if (ctx.user.role === "admin") return;
  if (createdBy != null && createdBy === ctx.user.id) return;
  throw new ForbiddenError(ServerMessages.notYours, "NOT_YOURS");
}
