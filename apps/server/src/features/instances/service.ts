import { findBottleInstance, finishBottleInstance, insertBottleInstance, isExistingBottle } from "@club/db";
import { ServerMessages, type BottleInstance, type NewInstanceInput } from "@club/shared";
import type { AuthedCtx } from "../../api/context";
import { ConflictError, NotFoundError } from "../../api/errors";

/** A new, unfinished purchase of a bottle; the price is dollars in, cents in the database. */
export function createInstance(ctx: AuthedCtx, input: NewInstanceInput): BottleInstance {
  if (!isExistingBottle(ctx.db, input.bottleId)) throw new NotFoundError(ServerMessages.bottleNotFound);
  return insertBottleInstance(ctx.db, {
    bottleId: input.bottleId,
    datePurchased: input.datePurchased,
    purchasePrice: input.purchasePrice,
  });
}

/** Sets dateFinished to the server's now; a second finish is a 409. */
export function finishInstance(ctx: AuthedCtx, input: { id: number }): BottleInstance {
  const finished = finishBottleInstance(ctx.db, input.id, new Date().toISOString());
  if (finished) return finished;
  if (!findBottleInstance(ctx.db, input.id)) throw new NotFoundError(ServerMessages.instanceNotFound);
  throw new ConflictError(ServerMessages.instanceAlreadyFinished);
}
