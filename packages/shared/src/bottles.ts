import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { ABV_MAX, ABV_MIN, TEXT_MAX } from "./constants";
import { BodyIdSchema, IdSchema, nameTextSchema, RequiredTextSchema, TimestampSchema } from "./common";
import { BottleSizeSchema, LevelSourceSchema } from "./cellar";
import { BottleInstanceSchema } from "./instances";
import { BarcodeSchema } from "./barcode";
import { type ActivityActions } from "./activity";

export const BottleIdSchema = z.object({ id: IdSchema });

export const AbvSchema = z
  .number({ error: ValidationMessages.abvRange })
  .min(ABV_MIN, ValidationMessages.abvRange)
  .max(ABV_MAX, ValidationMessages.abvRange);

/** Empty, or an absolute http(s) URL. */
export const StoreLinkSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, ValidationMessages.storeLink);

export const BottleOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type BottleOption = z.infer<typeof BottleOptionSchema>;

/**
 * The library's text columns, in its order, as its sorts and the CSV's columns name them
 * (`type` is the drink type, `region` the state).
 */
export const BOTTLE_TEXT_COLUMNS = ["name", "brand", "type", "country", "region"] as const;

export const BottleListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  drinkType: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  abv: z.number(),
});
export type BottleListItem = z.infer<typeof BottleListItemSchema>;

/** A purchase on the bottle page: its cost per pour and, while open, its fill level. */
export const BottleDetailInstanceSchema = BottleInstanceSchema.extend({
  /** Dollars per standard 25 ml pour: its price / (the bottle's size / 25 ml). */
  costPerPour: z.number(),
  /** Whole percent; null unless it is open (opened and not finished). */
  fillLevelPct: z.number().int().nullable(),
  levelSource: LevelSourceSchema.nullable(),
});
export type BottleDetailInstance = z.infer<typeof BottleDetailInstanceSchema>;

/** The bottle page: the library row's fields, then the rest. */
export const BottleDetailSchema = BottleListItemSchema.extend({
  storeLink: z.string().nullable(),
  brandId: z.number().int().nullable(),
  drinkTypeId: z.number().int().nullable(),
  countryId: z.number().int().nullable(),
  stateId: z.number().int().nullable(),
  hasImage: z.boolean(),
  imageVersion: z.string().nullable(),
  /** The bottle's size in ml (700 unless a member said otherwise). */
  sizeMl: z.number().int(),
  bottleInstances: z.array(BottleDetailInstanceSchema),
  /** Names of bottles merged into this one ("Also known as"). */
  aliases: z.array(z.string()),
  /** The code printed on the bottle (EAN, UPC), once a member attached it; null before. */
  barcode: z.string().nullable(),
});
export type BottleDetail = z.infer<typeof BottleDetailSchema>;

const OptionalLookupIdSchema = BodyIdSchema.nullable().optional();

export const NewBottleInputSchema = z.object({
  name: RequiredTextSchema,
  storeLink: StoreLinkSchema.nullable().optional(),
  brandId: OptionalLookupIdSchema,
  newBrand: nameTextSchema({ max: TEXT_MAX, min: 0 }).nullable().optional(),
  drinkTypeId: OptionalLookupIdSchema,
  countryId: OptionalLookupIdSchema,
  stateId: OptionalLookupIdSchema,
  abv: AbvSchema,
  /** The size in ml; 700 when absent. */
  sizeMl: BottleSizeSchema.optional(),
});
export type NewBottleInput = z.infer<typeof NewBottleInputSchema>;

export const UpdateBrandInputSchema = z.object({ bottleId: BodyIdSchema, brandId: BodyIdSchema });
export const UpdateDrinkTypeInputSchema = z.object({ bottleId: BodyIdSchema, drinkTypeId: BodyIdSchema });
export const UpdateCountryInputSchema = z.object({ bottleId: BodyIdSchema, countryId: BodyIdSchema });
export const UpdateStateInputSchema = z.object({ bottleId: BodyIdSchema, stateId: BodyIdSchema });
export const UpdateAbvInputSchema = z.object({ bottleId: BodyIdSchema, abv: AbvSchema });
export type UpdateBrandInput = z.infer<typeof UpdateBrandInputSchema>;
export type UpdateDrinkTypeInput = z.infer<typeof UpdateDrinkTypeInputSchema>;
export type UpdateCountryInput = z.infer<typeof UpdateCountryInputSchema>;
export type UpdateStateInput = z.infer<typeof UpdateStateInputSchema>;
export type UpdateAbvInput = z.infer<typeof UpdateAbvInputSchema>;

export const UploadImageQuerySchema = z.object({ bottleId: IdSchema });

/**
 * GET /api/Bottles/{id}/Image?size=thumb|medium: a smaller variant (longer side at most 320 or
 * 800 px); the full image (at most 1600 px) by default.
 */
export const BottleImageQuerySchema = z.object({ size: z.enum(["full", "medium", "thumb"]).default("full") });
export type BottleImageQuery = z.infer<typeof BottleImageQuerySchema>;

/** UploadImage's answer: imageVersion is the new image's content hash (also BottleDetail.imageVersion). */
export const UploadImageResultSchema = z.object({ bottleId: z.number().int(), imageVersion: z.string() });
export type UploadImageResult = z.infer<typeof UploadImageResultSchema>;

/** PUT /api/Bottles/{id}: the name and store link. */
export const UpdateBottleInputSchema = z.object({
  id: IdSchema,
  name: RequiredTextSchema,
  storeLink: StoreLinkSchema.nullable().optional(),
  /** The size in ml; unchanged when absent. */
  sizeMl: BottleSizeSchema.optional(),
});
export type UpdateBottleInput = z.infer<typeof UpdateBottleInputSchema>;

/** PUT /api/Bottles/{id}/Favourite: mark (true) or unmark (false) a bottle as the caller's favourite. */
export const SetFavouriteInputSchema = z.object({ id: IdSchema, favourite: z.boolean() });
export type SetFavouriteInput = z.infer<typeof SetFavouriteInputSchema>;

/** What PUT /api/Bottles/{id}/Favourite answers: the bottle and whether it is now a favourite. */
export const FavouriteStateSchema = z.object({ bottleId: z.number().int(), favourite: z.boolean() });
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;

/** One of the caller's favourite bottles (GET /api/Bottles/Favourites), newest first. */
export const FavouriteSchema = z.object({
  bottleId: z.number().int(),
  name: z.string(),
  /** When the member marked it. */
  createdAt: TimestampSchema,
});
export type Favourite = z.infer<typeof FavouriteSchema>;

/** PUT /api/Bottles/{id}/Barcode: the code printed on the bottle (one bottle per code). */
export const SetBarcodeInputSchema = z.object({ id: IdSchema, code: BarcodeSchema });
export type SetBarcodeInput = z.infer<typeof SetBarcodeInputSchema>;

/** GET /api/Bottles/ByBarcode/{code}. */
export const BarcodeLookupInputSchema = z.object({ code: BarcodeSchema });
export type BarcodeLookupInput = z.infer<typeof BarcodeLookupInputSchema>;

/** The bottle a barcode belongs to. */
export const BarcodeBottleSchema = z.object({ id: z.number().int(), name: z.string() });
export type BarcodeBottle = z.infer<typeof BarcodeBottleSchema>;

/** The bottles' actions in the activity log; a CSV import is one entry. */
export const BOTTLES_ACTIONS = [
  "bottles.import",
  "bottles.create",
  "bottles.delete",
  "bottles.mergeInto",
  "bottles.uploadImage",
  "bottles.update",
  "bottles.updateAbv",
  "bottles.updateBrand",
  "bottles.updateDrinkType",
  "bottles.updateCountry",
  "bottles.updateState",
  "bottles.setBarcode",
  "bottles.setFavourite",
] as const satisfies ActivityActions<"bottles">;
