import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { CellarMessages } from "./cellar";
import { BodyIdSchema, FinishedSchema, IdSchema, IsoDateSchema, PastDateInputSchema } from "./common";
import { type ActivityActions } from "./activity";

export const InstanceIdSchema = z.object({ id: IdSchema });

export const BottleInstanceSchema = z.object({
  id: z.number().int(),
  bottleId: z.number().int(),
  datePurchased: IsoDateSchema,
  dateFinished: FinishedSchema.nullable().meta({
    description:
      "null while unfinished; the instant it was marked finished (ISO 8601 UTC), or the date (YYYY-MM-DD) a member corrected it to.",
  }),
  purchasePrice: z.number(),
  /** The member who added it (null: from before the club kept track); they and admins may correct it. */
  createdBy: z.number().int().nullable(),
  /** YYYY-MM-DD it was opened; null while sealed. */
  openedDate: IsoDateSchema.nullable(),
  /** A member's last reading of the fill level (0-100), and its date; null when none. */
  levelPct: z.number().int().nullable(),
  levelSetOn: IsoDateSchema.nullable(),
});
export type BottleInstance = z.infer<typeof BottleInstanceSchema>;

export const PurchasePriceSchema = z
  .number({ error: ValidationMessages.purchasePriceMissing })
  // At least a cent: 1e-9 would be stored as $0.00 (prices are kept in cents).
  .min(0.01, ValidationMessages.pricePositive)
  .max(1_000_000, ValidationMessages.priceTooLarge);

export const NewInstanceInputSchema = z.object({
  datePurchased: PastDateInputSchema,
  purchasePrice: PurchasePriceSchema,
  bottleId: BodyIdSchema,
  /** The floor's client always sends null: a new instance is unfinished. */
  dateFinished: z.null().optional().meta({
    description:
      "Always null: a new purchase is unfinished. Finish it with PUT /api/BottleInstances/finish/{id}, or set a date with PUT /api/BottleInstances/{id}.",
  }),
});
export type NewInstanceInput = z.infer<typeof NewInstanceInputSchema>;

/** PUT /api/BottleInstances/{id}: correct a purchase; dateFinished null makes it unfinished again. */
export const UpdateInstanceInputSchema = z
  .object({
    id: IdSchema,
    datePurchased: PastDateInputSchema,
    purchasePrice: PurchasePriceSchema,
    dateFinished: PastDateInputSchema.nullable(),
    /** Absent: unchanged; null: sealed again (its level reading goes with it). */
    openedDate: PastDateInputSchema.nullable().optional(),
  })
  .refine((v) => v.dateFinished === null || v.dateFinished >= v.datePurchased, {
    message: ValidationMessages.finishedBeforePurchase,
    path: ["dateFinished"],
  })
  .refine((v) => !v.openedDate || v.openedDate >= v.datePurchased, {
    message: CellarMessages.openedBeforePurchase,
    path: ["openedDate"],
  })
  .refine((v) => !v.openedDate || v.dateFinished === null || v.dateFinished >= v.openedDate, {
    message: CellarMessages.finishedBeforeOpened,
    path: ["dateFinished"],
  });
export type UpdateInstanceInput = z.infer<typeof UpdateInstanceInputSchema>;

/** The purchases' actions in the activity log. */
export const INSTANCES_ACTIONS = [
  "instances.create",
  "instances.finish",
  "instances.update",
  "instances.delete",
] as const satisfies ActivityActions<"instances">;
