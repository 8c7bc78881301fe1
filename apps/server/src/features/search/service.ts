import type { BottleSearchQuery, BottleSearchResult, GlobalSearchResult, SimilarBottle } from "@club/shared";
import { searchBottles, searchEverything, similarBottles } from "@club/db";
import type { PublicCtx } from "../../kernel/context";

const toCents = (dollars: number | undefined) =>
  dollars === undefined ? undefined : Math.round(dollars * 100);
const yesNo = (value: "yes" | "no" | undefined) => (value === undefined ? undefined : value === "yes");

/** GET /api/Bottles/Search: one page of the library, searched, filtered and sorted. */
export function searchLibrary(ctx: Pick<PublicCtx, "db">, input: BottleSearchQuery): BottleSearchResult {
  const { total, items } = searchBottles(ctx.db, {
    q: input.q,
    typeId: input.type,
    countryId: input.country,
    regionId: input.region,
    status: input.status,
    abvMin: input.abvMin,
    abvMax: input.abvMax,
    priceMinCents: toCents(input.priceMin),
    priceMaxCents: toCents(input.priceMax),
    hasPhoto: yesNo(input.hasPhoto),
    poured: yesNo(input.poured),
    scoreMin: input.scoreMin,
    scoreMax: input.scoreMax,
    sort: input.sort,
    dir: input.dir,
    page: input.page,
    pageSize: input.pageSize,
  });
  return { total, page: input.page, pageSize: input.pageSize, items };
}

/** GET /api/Bottles/Similar: the closest existing bottles to a name being typed. */
export const findSimilarBottles = (ctx: Pick<PublicCtx, "db">, input: { name: string }): SimilarBottle[] =>
  similarBottles(ctx.db, input.name);

/** GET /api/Search: the navigation bar's search over bottles, meetings and themes. */
export const searchClub = (ctx: Pick<PublicCtx, "db">, input: { q: string }): GlobalSearchResult =>
  searchEverything(ctx.db, input.q);
