import type { BottleSearchInput, BottleSearchSort, BottleStatus } from "@club/shared";

/** Rows per page of the library table. */
export const PAGE_SIZE = 50;

/** The table's sortable columns (the floor's six, then the cellar's and the club's). */
export type SortKey =
  "name" | "brand" | "drinkType" | "country" | "state" | "abv" | "status" | "costPerPour" | "clubScore";
export type SortDirection = "asc" | "desc";
/** key null: the server's order (best match first while searching, else by name). */
export interface SortState {
  key: SortKey | null;
  direction: SortDirection;
}

/** The filters, as typed (numbers stay text until they are sent). */
export interface LibraryFilters {
  type: string;
  country: string;
  region: string;
  status: BottleStatus | "";
  abvMin: string;
  abvMax: string;
  priceMin: string;
  priceMax: string;
  hasPhoto: "yes" | "no" | "";
  poured: "yes" | "no" | "";
  scoreMin: string;
  scoreMax: string;
}

export const NO_FILTERS: LibraryFilters = {
  type: "",
  country: "",
  region: "",
  status: "",
  abvMin: "",
  abvMax: "",
  priceMin: "",
  priceMax: "",
  hasPhoto: "",
  poured: "",
  scoreMin: "",
  scoreMax: "",
};

/**
 * What the library shows: search, filters, sort and page. It lives in the URL
 * (?q=islay&type=7&sort=abv&dir=desc&page=3) so that Back from a bottle returns to the same page,
 * a reload restores it and a link can be shared. Defaults are left out: the plain /library-bottles
 * is name ascending, page 1.
 */
export interface LibraryView {
  sort: SortState;
  page: number;
  query: string;
  filters: LibraryFilters;
}

/** URL names of the sort keys (the column labels, lower case). */
const KEY_PARAM: Record<SortKey, string> = {
  name: "name",
  brand: "brand",
  drinkType: "type",
  country: "country",
  state: "state",
  abv: "abv",
  status: "status",
  costPerPour: "cost",
  clubScore: "score",
};
const PARAM_KEY = new Map(Object.entries(KEY_PARAM).map(([key, param]) => [param, key as SortKey]));

/** The API's name of each sort key. */
const API_SORT: Record<SortKey, BottleSearchSort> = {
  name: "name",
  brand: "brand",
  drinkType: "type",
  country: "country",
  state: "region",
  abv: "abv",
  status: "status",
  costPerPour: "costPerPour",
  clubScore: "clubScore",
};

const STATUSES = new Set(["sealed", "open", "finished", "never_bought"]);
const ID = /^[1-9]\d{0,8}$/;
const NUMBER = /^\d{1,7}(\.\d{1,2})?$/;

function readFilters(params: URLSearchParams): LibraryFilters {
  const pick = (name: string, ok: (v: string) => boolean) => {
    const value = params.get(name) ?? "";
    return ok(value) ? value : "";
  };
  const id = (v: string) => ID.test(v);
  const num = (v: string) => NUMBER.test(v);
  const yesNo = (v: string) => v === "yes" || v === "no";
  return {
    type: pick("type", id),
    country: pick("country", id),
    region: pick("region", id),
    status: pick("status", (v) => STATUSES.has(v)) as LibraryFilters["status"],
    abvMin: pick("abvMin", num),
    abvMax: pick("abvMax", num),
    priceMin: pick("priceMin", num),
    priceMax: pick("priceMax", num),
    hasPhoto: pick("photo", yesNo) as LibraryFilters["hasPhoto"],
    poured: pick("poured", yesNo) as LibraryFilters["poured"],
    scoreMin: pick("scoreMin", num),
    scoreMax: pick("scoreMax", num),
  };
}

/** Reads the view from the query string; anything unknown or malformed falls back to the default. */
export function readView(params: URLSearchParams): LibraryView {
  const query = params.get("q") ?? "";
  const sortParam = params.get("sort");
  const key = PARAM_KEY.get(sortParam ?? "") ?? (query ? null : "name");
  const direction = params.get("dir") === "desc" ? "desc" : "asc";
  const pageParam = params.get("page") ?? "";
  const page = /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 1;
  return { sort: { key, direction }, page, query, filters: readFilters(params) };
}

const FILTER_PARAM: Record<keyof LibraryFilters, string> = {
  type: "type",
  country: "country",
  region: "region",
  status: "status",
  abvMin: "abvMin",
  abvMax: "abvMax",
  priceMin: "priceMin",
  priceMax: "priceMax",
  hasPhoto: "photo",
  poured: "poured",
  scoreMin: "scoreMin",
  scoreMax: "scoreMax",
};

/** The query string for a view, without the defaults. */
export function writeView(view: LibraryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.query) params.set("q", view.query);
  for (const [name, param] of Object.entries(FILTER_PARAM) as [keyof LibraryFilters, string][])
    if (view.filters[name]) params.set(param, view.filters[name]);
  const { key, direction } = view.sort;
  const isDefault = key === (view.query ? null : "name") && direction === "asc";
  if (!isDefault && key !== null) {
    params.set("sort", KEY_PARAM[key]);
    if (direction === "desc") params.set("dir", "desc");
  }
  if (view.page > 1) params.set("page", String(view.page));
  return params;
}

/** How many filters are set (the Filters button shows it). */
export const activeFilterCount = (filters: LibraryFilters) => Object.values(filters).filter(Boolean).length;

/** A pair of bounds the server accepts: a bound above the other is dropped (the input shows it). */
function bounds(min: string, max: string): [number | undefined, number | undefined] {
  const lo = min ? Number(min) : undefined;
  const hi = max ? Number(max) : undefined;
  if (lo !== undefined && hi !== undefined && lo > hi) return [lo, undefined];
  return [lo, hi];
}

/**
 * The search call for a view: only what differs from the server's defaults, so the plain library
 * asks for exactly {} (one cache entry for the server's first page and the app: lib/pageData.ts).
 */
export function searchInput(view: LibraryView): BottleSearchInput {
  const f = view.filters;
  const input: BottleSearchInput = {};
  const q = view.query.trim();
  if (q) input.q = q;
  if (f.type) input.type = Number(f.type);
  if (f.country) input.country = Number(f.country);
  if (f.region) input.region = Number(f.region);
  if (f.status) input.status = f.status;
  [input.abvMin, input.abvMax] = bounds(f.abvMin, f.abvMax);
  [input.priceMin, input.priceMax] = bounds(f.priceMin, f.priceMax);
  [input.scoreMin, input.scoreMax] = bounds(f.scoreMin, f.scoreMax);
  if (f.hasPhoto) input.hasPhoto = f.hasPhoto;
  if (f.poured) input.poured = f.poured;
  const { key, direction } = view.sort;
  if (key !== null && !(key === "name" && direction === "asc" && !q)) {
    input.sort = API_SORT[key];
    if (direction === "desc") input.dir = "desc";
  }
  if (view.page > 1) input.page = view.page;
  for (const name of Object.keys(input) as (keyof BottleSearchInput)[])
    if (input[name] === undefined) delete input[name];
  return input;
}

/** docs/product.md: the first click on a column sorts ascending; a second click on the same column toggles. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: "asc" };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}

/** Number of pages for a row count (at least one, so an empty list is page 1 of 1). */
export const pageCount = (rows: number) => Math.max(1, Math.ceil(rows / PAGE_SIZE));
