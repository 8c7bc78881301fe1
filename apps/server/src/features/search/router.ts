import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  BottleSearchInputSchema,
  BottleSearchResultSchema,
  GlobalSearchInputSchema,
  GlobalSearchResultSchema,
  SimilarBottleSchema,
  SimilarBottlesInputSchema,
} from "@club/shared";
import { cachedReadProcedure, memberProcedure } from "../../kernel/trpc";
import { findSimilarBottles, searchClub, searchLibrary } from "./service";

const SEARCH_DESCRIPTION = [
  "One page of the library. `q` searches name, brand, type, country, region, the store link's site,",
  "comments and the names of bottles merged into it (accents ignored, whisky = whiskey, substrings;",
  "when nothing matches exactly, small typos still match). `type`, `country` and `region` are ids",
  "from /api/DrinkTypes, /api/Countries and /api/States. `status` is sealed, open, finished or",
  "never_bought. `priceMin`/`priceMax` are dollars of the current purchase; `scoreMin`/`scoreMax`",
  "the club score (0-100, revealed pours only); `hasPhoto` and `poured` (at a meeting) are yes or no.",
  "`sort` is relevance (best first; the default with q), name (the default otherwise), brand, type,",
  "country, region, abv, price, status (open, sealed, finished, never bought), costPerPour or",
  "clubScore; `dir` asc or desc; bottles without a value come last. `pageSize` is 1 to 100 (50).",
  "`costPerPour` is dollars per 25 ml pour of the current purchase (null when never bought).",
].join(" ");

export const searchRouter = {
  bottles: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/Search" },
      doc: {
        summary: "Search, filter, sort and page the library",
        description: SEARCH_DESCRIPTION,
        response: BottleSearchResultSchema,
        responseDescription: "The total number of matching bottles and the requested page of them.",
      },
    })
    .input(BottleSearchInputSchema)
    .query(({ ctx, input }) => searchLibrary(ctx, input)),

  similar: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/Similar" },
      doc: {
        summary: "Existing bottles like a new bottle's name",
        description:
          "Up to 5 bottles whose name, brand + name or former (merged) name is closest to `name`, closest first, " +
          'for a "Did you mean ...?" before a duplicate is created. `score` runs from 0 to 1 (1: the same name): ' +
          "the average of the Dice coefficient of the two names' three-letter pieces and the share of the typed " +
          "name's pieces the bottle has; below 0.3 is not returned.",
        response: z.array(SimilarBottleSchema),
        responseDescription: "The closest bottles, best first (empty when none is close).",
      },
    })
    .input(SimilarBottlesInputSchema)
    .query(({ ctx, input }) => findSimilarBottles(ctx, input)),

  everything: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Search" },
      doc: {
        summary: "Search bottles, meetings and themes",
        description:
          "The navigation bar's search: up to 5 bottles (ranked as /api/Bottles/Search), 5 meetings whose " +
          "theme, host or date contains `q` (newest first; never what was poured) and 5 themes.",
        response: GlobalSearchResultSchema,
        responseDescription: "A few of each.",
      },
    })
    .input(GlobalSearchInputSchema)
    .query(({ ctx, input }) => searchClub(ctx, input)),
} satisfies TRPCRouterRecord;
