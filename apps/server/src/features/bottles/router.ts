import type { TRPCRouterRecord } from "@trpc/server";
import { z, type ZodType } from "zod";
import {
  BarcodeBottleSchema,
  BarcodeLookupInputSchema,
  BottleDetailSchema,
  BottleIdSchema,
  BottleListItemSchema,
  BottleOptionSchema,
  FavouriteSchema,
  FavouriteStateSchema,
  SetBarcodeInputSchema,
  SetFavouriteInputSchema,
  NewBottleInputSchema,
  UpdateAbvInputSchema,
  UpdateBottleInputSchema,
  UpdateBrandInputSchema,
  UpdateCountryInputSchema,
  UpdateDrinkTypeInputSchema,
  UpdateStateInputSchema,
} from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { adminProcedure, cachedReadProcedure, memberProcedure } from "../../kernel/trpc";
import { CreatedIdSchema, OkSchema } from "../../kernel/openapiSchemas";
import {
  createBottle,
  deleteBottle,
  findByBarcode,
  setBarcode,
  updateBottle,
  getBottle,
  listAllBottles,
  listMyFavourites,
  setFavourite,
  listBottleChoices,
  updateAbv,
  updateBrand,
  updateCountry,
  updateDrinkType,
  updateState,
} from "./service";
import { mergeProcedures } from "../merge/router";

/** POST /api/Bottles/<action>: one attribute of a bottle. */
function attributeUpdate<T>(
  action: string,
  what: string,
  schema: ZodType<T>,
  update: (ctx: AuthedCtx, input: T) => { ok: true },
) {
  return memberProcedure
    .meta({
      rest: { method: "POST", path: `/api/Bottles/${action}` },
      doc: {
        summary: `Change a bottle's ${what}`,
        response: OkSchema,
        responseDescription: "Updated.",
        errors: [404],
      },
    })
    .input(schema)
    .mutation(({ ctx, input }) => update(ctx, input as T));
}

/** Image upload and image bytes are REST-only routes: imageUpload.ts and imageBytes.ts. */
export const bottlesRouter = {
  list: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/AllBottlesList" },
      doc: {
        summary: "List the bottle library",
        response: z.array(BottleListItemSchema),
        responseDescription: "The bottles, sorted by name.",
      },
    })
    .query(({ ctx }) => listAllBottles(ctx)),

  options: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles" },
      doc: {
        summary: "List every bottle's id and name",
        description: "Sorted by name; for the Add Bottle to meeting dialog.",
        response: z.array(BottleOptionSchema),
        responseDescription: "The bottles.",
      },
    })
    .query(({ ctx }) => listBottleChoices(ctx)),

  favourites: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/Favourites" },
      doc: {
        summary: "List the caller's favourite bottles",
        description: "The bottles the calling member marked as favourites, newest first.",
        response: z.array(FavouriteSchema),
        responseDescription: "The caller's favourites.",
      },
    })
    .query(({ ctx }) => listMyFavourites(ctx)),

  setFavourite: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Bottles/:id/Favourite" },
      doc: {
        summary: "Mark or unmark a bottle as a favourite",
        description:
          "`favourite: true` marks the bottle as the calling member's favourite, `false` unmarks it; either is idempotent and recorded in the activity log.",
        response: FavouriteStateSchema,
        responseDescription: "The bottle and whether it is now a favourite.",
        errors: [404],
      },
    })
    .input(SetFavouriteInputSchema)
    .mutation(({ ctx, input }) => setFavourite(ctx, input)),

  byBarcode: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/ByBarcode/:code" },
      doc: {
        summary: "Find the bottle a barcode belongs to",
        description:
          "`code` is an EAN-13, EAN-8, UPC-A or UPC-E number (its check digit must be right; a UPC-A finds the same bottle as its EAN-13) or a Code 128 text of 4 to 48 printable characters.",
        response: BarcodeBottleSchema,
        responseDescription: "The bottle with this barcode.",
        errors: [404],
      },
    })
    .input(BarcodeLookupInputSchema)
    .query(({ ctx, input }) => findByBarcode(ctx, input)),

  setBarcode: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Bottles/:id/Barcode", status: 204 },
      doc: {
        summary: "Attach a barcode to a bottle",
        description:
          "The code printed on the bottle, as `GET /api/Bottles/ByBarcode/{code}` reads it; it replaces the bottle's barcode. A code belongs to one bottle: another bottle's is a 409. Recorded in the activity log, and undone from it.",
        errors: [404, 409],
      },
    })
    .input(SetBarcodeInputSchema)
    .mutation(({ ctx, input }) => setBarcode(ctx, input)),

  byId: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/:id" },
      doc: {
        summary: "Get a bottle with its purchases",
        response: BottleDetailSchema,
        responseDescription: "The bottle.",
        errors: [404],
      },
    })
    .input(BottleIdSchema)
    .query(({ ctx, input }) => getBottle(ctx, input)),

  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Bottles/NewBottle", status: 201 },
      doc: {
        summary: "Add a bottle",
        description:
          "A non-empty `newBrand` creates (or reuses, ignoring case) that brand and wins over `brandId`; with neither, the bottle's name is used as its brand. `sizeMl` (50 to 5000) is 700 when absent.",
        response: CreatedIdSchema,
        errors: [404],
      },
    })
    .input(NewBottleInputSchema)
    .mutation(({ ctx, input }) => createBottle(ctx, input)),

  updateBrand: attributeUpdate("UpdateBrand", "brand", UpdateBrandInputSchema, updateBrand),
  updateDrinkType: attributeUpdate(
    "UpdateDrinkType",
    "drink type",
    UpdateDrinkTypeInputSchema,
    updateDrinkType,
  ),
  updateCountry: attributeUpdate("UpdateCountry", "country", UpdateCountryInputSchema, updateCountry),
  updateState: attributeUpdate("UpdateState", "state", UpdateStateInputSchema, updateState),
  updateAbv: attributeUpdate("UpdateABV", "ABV", UpdateAbvInputSchema, updateAbv),

  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Bottles/:id" },
      doc: {
        summary: "Correct a bottle's name and store link",
        description: "Optionally its size in ml (`sizeMl`, 50 to 5000); absent leaves it as it is.",
        response: OkSchema,
        responseDescription: "Corrected.",
        errors: [404],
      },
    })
    .input(UpdateBottleInputSchema)
    .mutation(({ ctx, input }) => updateBottle(ctx, input)),

  delete: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Bottles/:id" },
      doc: {
        summary: "Delete a bottle",
        description:
          "Admins only. Its purchases, comments, photo and places in meetings go with it; undo brings them back.",
        response: OkSchema,
        errors: [403, 404],
      },
    })
    .input(BottleIdSchema)
    .mutation(({ ctx, input }) => deleteBottle(ctx, input)),

  ...mergeProcedures,
} satisfies TRPCRouterRecord;
