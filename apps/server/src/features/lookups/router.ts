import type { TRPCRouterRecord } from "@trpc/server";
import { z, type ZodType } from "zod";
import { LookupItemSchema, StateItemSchema, type LookupItem } from "@club/shared";
import { cachedReadProcedure } from "../../api/trpc";
import type { PublicCtx } from "../../api/context";
import { getBrands, getCountries, getDrinkTypes, getStates } from "./service";

/** GET /api/<resource>: a lookup list, sorted by name. */
const lookupList = <T extends LookupItem>(
  resource: string,
  what: string,
  read: (ctx: PublicCtx) => T[],
  item: ZodType = LookupItemSchema,
) =>
  cachedReadProcedure
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
  drinkTypes: lookupList("DrinkTypes", "drink types", getDrinkTypes),
  countries: lookupList("Countries", "countries", getCountries),
  states: lookupList(
    "States",
    "states (regions), each with its country (null: any)",
    getStates,
    StateItemSchema,
  ),
} satisfies TRPCRouterRecord;
