import {
  deleteWishRow,
  findWish,
  insertWish,
  isExistingBottleRow,
  listWishes,
  setWishVoteRow,
} from "@club/db";
import {
  ServerMessages,
  WishlistMessages,
  type NewWishInput,
  type Wish,
  type WishBought,
  type WishBoughtInput,
  type WishVoteInput,
} from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { BadRequestError, NotFoundError } from "../../kernel/errors";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import { recordActivity } from "../activity/record";
import { createBottle } from "../bottles/service";
import { createInstance } from "../instances/service";

/** The wishlist, most votes first, then the newest. */
export function getWishlist(ctx: AuthedCtx): Wish[] {
  return listWishes(ctx.db, ctx.user.id)
    .map((w) => ({
      id: w.id,
      bottleName: w.bottleName,
      bottleId: w.bottleId,
      note: w.note,
      votes: w.votes,
      myVote: Boolean(w.myVote),
      addedBy: w.addedByFirst === null ? null : `${w.addedByFirst} ${w.addedByLast ?? ""}`.trim(),
    }))
    .sort((a, b) => b.votes - a.votes);
}

const wishOrThrow = (ctx: AuthedCtx, id: number) => {
  const wish = findWish(ctx.db, id);
  if (!wish) throw new NotFoundError(WishlistMessages.wishNotFound);
  return wish;
};

/** A new wish, voted for by the member who adds it. */
export function addWish(ctx: AuthedCtx, input: NewWishInput): { id: number } {
  return ctx.db.transaction(() => {
    if (input.bottleId != null && !isExistingBottleRow(ctx.db, input.bottleId))
      throw new NotFoundError(ServerMessages.bottleNotFound);
    const row = insertWish(ctx.db, {
      bottleName: input.bottleName,
      bottleId: input.bottleId ?? null,
      note: input.note,
      addedBy: ctx.user.id,
    });
    setWishVoteRow(ctx.db, row.id, ctx.user.id, true);
    recordActivity(ctx, "wish", row.id, null, row);
    return { id: row.id };
  });
}

/** The member's vote for a wish, set or taken back (the same twice changes nothing). */
export function voteWish(ctx: AuthedCtx, input: WishVoteInput): void {
  ctx.db.transaction(() => {
    const wish = wishOrThrow(ctx, input.id);
    const was = setWishVoteRow(ctx.db, wish.id, ctx.user.id, input.vote);
    const key = `${wish.id}:${ctx.user.id}`;
    const snapshot = (vote: boolean) => ({ wishId: wish.id, bottleName: wish.bottleName, vote });
    recordActivity(ctx, "wishVote", key, snapshot(was), snapshot(input.vote));
  });
}

/** A wish taken off the list: by who added it, or an admin. */
export function removeWish(ctx: AuthedCtx, input: { id: number }): void {
  ctx.db.transaction(() => {
    const wish = wishOrThrow(ctx, input.id);
    assertCreatorOrAdmin(ctx, wish.addedBy);
    deleteWishRow(ctx.db, wish.id);
    recordActivity(ctx, "wish", wish.id, wish, null);
  });
}

/**
 * A wish bought: its bottle joins the library (the wish's bottle, or a new one named as the wish)
 * with the purchase, and the wish leaves the list, in one transaction (each write in the log).
 */
export function buyWish(ctx: AuthedCtx, input: WishBoughtInput): WishBought {
  return ctx.db.transaction(() => {
    const wish = wishOrThrow(ctx, input.id);
    let bottleId = wish.bottleId;
    if (bottleId === null) {
      if (input.abv === undefined) throw new BadRequestError(WishlistMessages.abvNeeded);
      bottleId = createBottle(ctx, { name: wish.bottleName, abv: input.abv, sizeMl: input.sizeMl }).id;
    }
    const instance = createInstance(ctx, {
      bottleId,
      datePurchased: input.datePurchased,
      purchasePrice: input.purchasePrice,
    });
    deleteWishRow(ctx.db, wish.id);
    recordActivity(ctx, "wish", wish.id, wish, { ...wish, boughtAs: bottleId, instanceId: instance.id });
    return { bottleId, instanceId: instance.id };
  });
}
