import { insertActivity, loadEntity, type EntityKind, type Snapshot } from "@club/db";
import type { AuthedCtx } from "../../kernel/context";

type Key = string | number;

/**
 * Runs a change to one entity and records it in the activity log in the same transaction: who
 * (ctx.user), which procedure (ctx.action), the entity's row before and after, and the request id.
 * For a change to an existing entity pass its key; for a creation pass undefined and return the
 * new key. A deletion's "before" keeps the rows it took with it, so undoing it restores them all.
 */
export function audited<T>(
  ctx: AuthedCtx,
  entity: EntityKind,
  key: Key | undefined,
  change: () => { key?: Key; result: T },
): T {
  return ctx.db.transaction(() => {
    const before = key === undefined ? undefined : loadEntity(ctx.db, entity, String(key), true);
    const { key: newKey, result } = change();
    const entityKey = String(key ?? newKey);
    const after = loadEntity(ctx.db, entity, entityKey);
    recordActivity(ctx, entity, entityKey, after === undefined ? before : withoutChildren(before), after);
    return result;
  });
}

/** A creation, recorded under the new row's id: `create` inserts the row and returns it. */
export function auditedCreate<T extends { id: Key }>(ctx: AuthedCtx, entity: EntityKind, create: () => T): T {
  return audited(ctx, entity, undefined, () => {
    const row = create();
    return { key: row.id, result: row };
  });
}

const withoutChildren = (snapshot: Snapshot | undefined) => {
  if (!snapshot) return snapshot;
  const { _children: _c, ...row } = snapshot;
  return row;
};

/**
 * Records a change that is not a row of the club's data (a membership decision, a profile, an
 * invite): shown in the activity log, never undone. Call it inside the change's transaction.
 */
export function recordActivity(
  ctx: AuthedCtx,
  entity: string,
  key: Key,
  before: unknown,
  after: unknown,
  undoOf?: number,
): { id: number } {
  return insertActivity(ctx.db, {
    memberId: ctx.user.id,
    action: ctx.action,
    entity,
    entityId: String(key),
    before: before ?? null,
    after: after ?? null,
    requestId: ctx.requestId,
    viaToken: ctx.user.token?.name ?? null,
    ...(undoOf === undefined ? {} : { undoOf }),
  });
}
