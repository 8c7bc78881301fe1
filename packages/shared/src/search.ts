import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { BOTTLE_TEXT_COLUMNS, BottleListItemSchema } from "./bottles";
import { BOTTLE_STATUSES } from "./cellar";
import { IdSchema, IsoDateSchema } from "./common";

/** Columns the library can be sorted by; "relevance" (best match first) only means something with q. */
export const BOTTLE_SEARCH_SORTS = [
  "relevance",
  ...BOTTLE_TEXT_COLUMNS,
  "abv",
  "price",
  "status",
  "costPerPour",
  "clubScore",
] as const;
export type BottleSearchSort = (typeof BOTTLE_SEARCH_SORTS)[number];

/** Most rows one page may ask for. */
export const SEARCH_PAGE_SIZE_MAX = 100;
export const SEARCH_PAGE_SIZE_DEFAULT = 50;
/** Longest search text accepted. */
export const SEARCH_QUERY_MAX = 200;
/**
 * Most different words one search may have: each word is a condition on every row the
 * search reads, so 100 one-letter words made one request cost seconds of the server's CPU.
 */
export const SEARCH_WORDS_MAX = 12;

/**
 * The different words of a search text, as the server's index splits them: at white space and at
 * control characters, case ignored. (The index folds accents too, which only merges words.)
 */
export const searchWords = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[\s\p{Cc}]+/u)
      .filter(Boolean),
  );

const SearchTextSchema = z
  .string()
  .trim()
  .max(SEARCH_QUERY_MAX, ValidationMessages.searchTooLong)
  .refine((text) => searchWords(text).size <= SEARCH_WORDS_MAX, {
    message: ValidationMessages.searchTooManyWords,
  });

/**
 * Why the server would refuse this search text (the words to show beside a search box), or null:
 * the screens check what is typed by the same schema, so a refused search is said, not sent.
 */
export const searchTextProblem = (text: string): string | null =>
  SearchTextSchema.safeParse(text).error?.issues[0]?.message ?? null;
const YesNoSchema = z.enum(["yes", "no"]);
const AbvBoundSchema = z.coerce.number().min(0).max(100);
const PriceBoundSchema = z.coerce.number().min(0).max(1_000_000);
const ScoreBoundSchema = z.coerce.number().min(0).max(100);

const range = (min: number | undefined, max: number | undefined) =>
  min === undefined || max === undefined || min <= max;

/** GET /api/Bottles/Search: every filter is optional; numbers may come as query-string text. */
export const BottleSearchInputSchema = z
  .object({
    q: SearchTextSchema.optional(),
    type: IdSchema.optional(),
    country: IdSchema.optional(),
    region: IdSchema.optional(),
    status: z.enum(BOTTLE_STATUSES).optional(),
    abvMin: AbvBoundSchema.optional(),
    abvMax: AbvBoundSchema.optional(),
    priceMin: PriceBoundSchema.optional(),
    priceMax: PriceBoundSchema.optional(),
    hasPhoto: YesNoSchema.optional(),
    poured: YesNoSchema.optional(),
    scoreMin: ScoreBoundSchema.optional(),
    scoreMax: ScoreBoundSchema.optional(),
    sort: z.enum(BOTTLE_SEARCH_SORTS).optional(),
    dir: z.enum(["asc", "desc"]).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
  })
  .refine((v) => range(v.abvMin, v.abvMax), { message: ValidationMessages.abvMinMax, path: ["abvMin"] })
  .refine((v) => range(v.priceMin, v.priceMax), {
    message: ValidationMessages.priceMinMax,
    path: ["priceMin"],
  })
  .refine((v) => range(v.scoreMin, v.scoreMax), {
    message: ValidationMessages.scoreMinMax,
    path: ["scoreMin"],
  });
export type BottleSearchInput = z.input<typeof BottleSearchInputSchema>;
export type BottleSearchQuery = z.output<typeof BottleSearchInputSchema>;

export const BottleSearchItemSchema = BottleListItemSchema.extend({
  status: z.enum(BOTTLE_STATUSES),
  /** Dollars per standard 25 ml pour; null when the bottle was never bought. */
  costPerPour: z.number().nullable(),
  /** The club's average score (0-100) over revealed pours; null when unscored. */
  clubScore: z.number().nullable(),
});
export type BottleSearchItem = z.infer<typeof BottleSearchItemSchema>;

export const BottleSearchResultSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(BottleSearchItemSchema),
});
export type BottleSearchResult = z.infer<typeof BottleSearchResultSchema>;

/** GET /api/Bottles/Similar?name=: the name being typed for a new bottle. */
export const SimilarBottlesInputSchema = z.object({ name: SearchTextSchema });

export const SimilarBottleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  /** 0 to 1, higher is closer; 1 is the same name. */
  score: z.number(),
});
export type SimilarBottle = z.infer<typeof SimilarBottleSchema>;

/** GET /api/Search?q=: the navigation bar's search. */
export const GlobalSearchInputSchema = z.object({ q: SearchTextSchema });

export const GlobalSearchResultSchema = z.object({
  bottles: z.array(z.object({ id: z.number().int(), name: z.string(), brand: z.string().nullable() })),
  meetings: z.array(
    z.object({ id: z.number().int(), date: IsoDateSchema, theme: z.string(), hostName: z.string() }),
  ),
  themes: z.array(z.object({ id: z.number().int(), description: z.string() })),
});
export type GlobalSearchResult = z.infer<typeof GlobalSearchResultSchema>;
