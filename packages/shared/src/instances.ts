import { z } from "zod";
import { BodyIdSchema, DateInputSchema, IdSchema } from "./common";

export const InstanceIdSchema = z.object({ id: IdSchema });

export const BottleInstanceSchema = z.object({
  id: z.number().int(),
  bottleId: z.number().int(),
  datePurchased: z.string(),
  dateFinished: z.string().nullable(),
  purchasePrice: z.number(),
});
export type BottleInstance = z.infer<typeof BottleInstanceSchema>;

export const PurchasePriceSchema = z
  .number({ error: "Enter the purchase price." })
  .min(0, "The price cannot be negative.")
  .max(1_000_000, "The price is too large.");

export const NewInstanceInputSchema = z.object({
  datePurchased: DateInputSchema,
  purchasePrice: PurchasePriceSchema,
  bottleId: BodyIdSchema,
  /** The spec's client always sends null: a new instance is unfinished. */
  dateFinished: z.null().optional(),
});
export type NewInstanceInput = z.infer<typeof NewInstanceInputSchema>;
