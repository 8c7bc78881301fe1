import {
  findBottleInstance,
  finishBottleInstance,
  insertBottleInstance,
  isExistingBottle,
  loadEntity,
  removeEntity,
  updateEntity,
} from "@club/db";
import {
  ServerMessages,
  type BottleInstance,
  type NewInstanceInput,
  type UpdateInstanceInput,
} from "@club/shared";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import type { AuthedCtx } from "../../kernel/context";
import { audited, auditedCreate } from "../activity/record";
import { ConflictError, NotFoundError } from "../../kernel/errors";
import { openedDatePatch } from "../cellar/service";

/** A new, unfinished purchase of a bottle; the price is dollars in, cents in the database. */
export function createInstance(ctx: AuthedCtx, input: NewInstanceInput): BottleInstance {
  if (!isExistingBottle(ctx.db, input.bottleId)) throw new NotFoundError(ServerMessages.bottleNotFound);
  return auditedCreate(ctx, "instance", () =>
    insertBottleInstance(ctx.db, {
      bottleId: input.bottleId,
      datePurchased: input.datePurchased,
      purchasePrice: input.purchasePrice,
      createdBy: ctx.user.id,
    }),
  );
}

/** Sets dateFinished to the server's now; a second finish is a 409. */
export function finishInstance(ctx: AuthedCtx, input: { id: number }): BottleInstance {
  if (!findBottleInstance(ctx.db, input.id)) throw new NotFoundError(ServerMessages.instanceNotFound);
  return audited(ctx, "instance", input.id, () => {
    const finished = finishBottleInstance(ctx.db, input.id, new Date().toISOString());
    if (!finished) throw new ConflictError(ServerMessages.instanceAlreadyFinished);
    return { result: finished };
  });
}

function ownInstance(ctx: AuthedCtx, id: number) {
  const row = loadEntity(ctx.db, "instance", String(id));
  if (!row) throw new NotFoundError(ServerMessages.instanceNotFound);
  assertCreatorOrAdmin(ctx, row.createdBy as number | null);
  return row;
}

/** Corrects a purchase: date, price, and the finish date (null: not finished any more). */
export function updateInstance(ctx: AuthedCtx, input: UpdateInstanceInput): BottleInstance {
  ownInstance(ctx, input.id);
  const opened = openedDatePatch(ctx, input.id, input);
  return audited(ctx, "instance", input.id, () => {
    updateEntity(ctx.db, "instance", String(input.id), {
      datePurchased: input.datePurchased,
      purchasePriceCents: Math.round(input.purchasePrice * 100),
      dateFinished: input.dateFinished,
      ...opened,
    });
    return { result: findBottleInstance(ctx.db, input.id) as BottleInstance };
  });
}

export function deleteInstance(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  ownInstance(ctx, input.id);
  return audited(ctx, "instance", input.id, () => {
    removeEntity(ctx.db, "instance", String(input.id));
    return { result: { ok: true as const } };
  });
}
