import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { TEXT_MAX } from "./constants";
import { BodyIdSchema, IdSchema, PastDateInputSchema, RequiredTextSchema } from "./common";
import { AbvSchema } from "./bottles";
import { BottleSizeSchema } from "./cellar";
import { PurchasePriceSchema } from "./instances";
import { type ActivityActions } from "./activity";

// ---- The wishlist: bottles the club wants to buy next, with votes ----

/** GET /api/Wishlist: one wish, most votes first. */
export const WishSchema = z.object({
  id: z.number().int(),
  bottleName: z.string(),
  /** The library's bottle when the wish names one (a second bottle of it, say); null otherwise. */
  bottleId: z.number().int().nullable(),
  note: z.string(),
  votes: z.number().int(),
  /** Whether the caller voted for it. */
  myVote: z.boolean(),
  /** Who added it (first name and last name); null when that member is gone. */
  addedBy: z.string().nullable(),
});
export type Wish = z.infer<typeof WishSchema>;

export const WishIdSchema = z.object({ id: IdSchema });

/** POST /api/Wishlist. */
export const NewWishInputSchema = z.object({
  bottleName: RequiredTextSchema,
  bottleId: BodyIdSchema.nullable().optional(),
  note: z.string().trim().max(TEXT_MAX, ValidationMessages.noteTooLong).default(""),
});
export type NewWishInput = z.infer<typeof NewWishInputSchema>;

/** PUT /api/Wishlist/{id}/Vote. */
export const WishVoteInputSchema = z.object({ id: IdSchema, vote: z.boolean() });
export type WishVoteInput = z.infer<typeof WishVoteInputSchema>;

/**
 * POST /api/Wishlist/{id}/Bought: the wish is bought; it leaves the wishlist and its bottle joins
 * the library (a new bottle named as the wish when it names none: then its ABV is needed) with
 * this purchase.
 */
export const WishBoughtInputSchema = z.object({
  id: IdSchema,
  datePurchased: PastDateInputSchema,
  purchasePrice: PurchasePriceSchema,
  /** A new bottle's ABV (needed when the wish names no bottle of the library). */
  abv: AbvSchema.optional(),
  /** A new bottle's size in ml; 700 when absent. */
  sizeMl: BottleSizeSchema.optional(),
});
export type WishBoughtInput = z.infer<typeof WishBoughtInputSchema>;

export const WishBoughtSchema = z.object({ bottleId: z.number().int(), instanceId: z.number().int() });
export type WishBought = z.infer<typeof WishBoughtSchema>;

export const WishlistMessages = {
  wishNotFound: "Wish not found.",
  abvNeeded: "Give the bottle's ABV: it is new to the library.",
} as const;

export const WISHLIST_ACTIONS = [
  "wishlist.add",
  "wishlist.vote",
  "wishlist.remove",
  "wishlist.bought",
] as const satisfies ActivityActions<"wishlist">;
