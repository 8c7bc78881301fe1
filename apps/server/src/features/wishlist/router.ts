import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  NewWishInputSchema,
  WishBoughtInputSchema,
  WishBoughtSchema,
  WishIdSchema,
  WishSchema,
  WishVoteInputSchema,
} from "@club/shared";
import { memberProcedure } from "../../kernel/trpc";
import { CreatedIdSchema } from "../../kernel/openapiSchemas";
import { addWish, buyWish, getWishlist, removeWish, voteWish } from "./service";

/** The club's wishlist: bottles it wants to buy next, with members' votes and a note. */
export const wishlistRouter = {
  list: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Wishlist" },
      doc: {
        summary: "The club's wishlist",
        description:
          "Bottles the club wants to buy next, most votes first: the name, the library's bottle when the wish names one, a note, the votes, whether the caller voted, and who added it.",
        response: z.array(WishSchema),
        responseDescription: "The wishes.",
      },
    })
    .query(({ ctx }) => getWishlist(ctx)),

  add: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Wishlist", status: 201 },
      doc: {
        summary: "Wish for a bottle",
        description:
          "A bottle the club should buy: a name, optionally the library's bottle (`bottleId`), and a note. The member who adds it votes for it.",
        response: CreatedIdSchema,
        errors: [404],
      },
    })
    .input(NewWishInputSchema)
    .mutation(({ ctx, input }) => addWish(ctx, input)),

  vote: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Wishlist/:id/Vote", status: 204 },
      doc: {
        summary: "Vote for a wish, or take the vote back",
        description:
          "`vote: true` votes for the wish, `false` takes the caller's vote back; either is idempotent.",
        errors: [404],
      },
    })
    .input(WishVoteInputSchema)
    .mutation(({ ctx, input }) => voteWish(ctx, input)),

  remove: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Wishlist/:id", status: 204 },
      doc: {
        summary: "Take a wish off the list",
        description: "By the member who added it, or an admin.",
        errors: [403, 404],
      },
    })
    .input(WishIdSchema)
    .mutation(({ ctx, input }) => removeWish(ctx, input)),

  bought: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Wishlist/:id/Bought", status: 201 },
      doc: {
        summary: "A wish was bought: its bottle joins the library with the purchase",
        description:
          "The wish's bottle (or a new bottle named as the wish, which needs `abv`) gets the purchase (`datePurchased`, `purchasePrice` in dollars); the wish leaves the list.",
        response: WishBoughtSchema,
        errors: [404],
      },
    })
    .input(WishBoughtInputSchema)
    .mutation(({ ctx, input }) => buyWish(ctx, input)),
} satisfies TRPCRouterRecord;
