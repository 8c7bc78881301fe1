import type { TRPCRouterRecord } from "@trpc/server";
import { z, type ZodType } from "zod";
import { LookupItemSchema, StateItemSchema, type LookupItem } from "@club/shared";
import { cachedReadProcedure } from "../../kernel/trpc";
import type { PublicCtx } from "../../kernel/context";
import { getBrands, getCountries, getDrinkTypes, getStates } from "./service";

/**
 * GET /api/<resource>: a lookup list, sorted by name. `guest`: a guest pass may read it too (the
 * drink types and regions a taster's guess is picked from on the one score screen).
 */
const lookupList = <T extends LookupItem>(
  resource: string,
  what: string,
  read: (ctx: PublicCtx) => T[],
  item: ZodType = LookupItemSchema,
  guest = false,
) =>
  cachedReadProcedure
    .meta(guest ? { guest: true } : {})
    .meta({
      rest: { method: "GET", path: `/api/${resource}` },
      doc: {
        summary: `List ${what}`,
        description: "Sorted by name.",
        response: z.array(item),
        responseDescription: `The ${what}.`,
      },
    })
    .query(({ ctx }) => read(ctx));

export const lookupsRouter = {
  brands: lookupList("Brands", "brands", getBrands),
  drinkTypes: lookupList("DrinkTypes", "drink types", getDrinkTypes, LookupItemSchema, true),
  countries: lookupList("Countries", "countries", getCountries),
  states: lookupList(
    "States",
    "states (regions), each with its country (null: any)",
    getStates,
    StateItemSchema,
    true,
  ),
} satisfies TRPCRouterRecord;
