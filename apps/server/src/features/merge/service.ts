import type { NamedAction } from "../../kernel/actions";
import {
  isExistingBottle,
  loadEntity,
  markActivityUndone,
  mergeBottleRows,
  unmergeBottleRows,
  type ActivityRow,
  type MergeRecord,
  type Snapshot,
} from "@club/db";
import { MergeMessages, ServerMessages, type MergeBottleInput, type MergeBottleResult } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { AppError, ConflictError, NotFoundError } from "../../kernel/errors";
import { recordActivity } from "../activity/record";
import { inHiddenPour } from "../../policy/secrecy";

/** The activity log's action of a merge (the undo recognises its entries by it). */
export const MERGE_ACTION = "bottles.mergeInto" satisfies NamedAction;

/**
 * Merges bottle `id` into `keepId` in one transaction (admins only: the procedure says so). The
 * activity entry is about the merged bottle: "before" is it with all its rows, "after" the
 * MergeRecord of what moved, so that undo can give every row back.
 */
export function mergeBottle(ctx: AuthedCtx, input: MergeBottleInput): MergeBottleResult {
  if (input.id === input.keepId)
    throw new AppError("BAD_REQUEST", MergeMessages.mergeIntoItself, { reason: "MERGE_INTO_ITSELF" });
  if (!isExistingBottle(ctx.db, input.id) || !isExistingBottle(ctx.db, input.keepId))
    throw new NotFoundError(ServerMessages.bottleNotFound);
  assertNoHiddenPour(ctx, [input.id, input.keepId]);
  return ctx.db.transaction(() => {
    const { before, record } = mergeBottleRows(ctx.db, input.id, input.keepId, ctx.user.id);
    const { id: activityId } = recordActivity(ctx, "bottle", input.id, before, record);
    return { keepId: input.keepId, alias: String(before.name), activityId };
  });
}

/**
 * The log would show where a merged bottle was poured: no merge, and no undo of one, while either
 * bottle is in a blind pour not revealed yet (409).
 */
function assertNoHiddenPour(ctx: AuthedCtx, bottleIds: number[]): void {
  if (inHiddenPour(ctx.db, bottleIds))
    throw new ConflictError(MergeMessages.mergeHiddenPour, "BLIND_POUR_HIDDEN");
}

export const isMergeEntry = (entry: ActivityRow): boolean => entry.action === MERGE_ACTION;

/**
 * Undoes a merge (the activity service has checked who may): the merged bottle comes back with
 * its id and every row where it was; 409 when they changed since or the kept bottle is gone.
 */
export function undoMerge(ctx: AuthedCtx, entry: ActivityRow): { ok: true; activityId: number } {
  const before = entry.before as Snapshot;
  const record = entry.after as MergeRecord;
  assertNoHiddenPour(ctx, [record.mergedFromId, record.id]);
  return ctx.db.transaction(() => {
    const refusal = unmergeBottleRows(ctx.db, before, record);
    if (refusal === "gone") throw new ConflictError(ServerMessages.undoConflict, "UNDO_CONFLICT");
    if (refusal === "changed") throw new ConflictError(ServerMessages.changedSince, "CHANGED_SINCE");
    markActivityUndone(ctx.db, entry.id, ctx.user.id, new Date().toISOString());
    const restored = loadEntity(ctx.db, "bottle", entry.entityId);
    const { id } = recordActivity(ctx, "bottle", entry.entityId, null, restored ?? null, entry.id);
    return { ok: true as const, activityId: id };
  });
}
