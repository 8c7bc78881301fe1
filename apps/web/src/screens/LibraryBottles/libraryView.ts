import { DEFAULT_SORT, type SortKey, type SortState } from "./sortBottles";

/** Rows per page of the library table. */
export const PAGE_SIZE = 50;

/**
 * What the library shows: sort, page and search. It lives in the URL (?sort=brand&dir=desc&page=3&q=islay)
 * so that Back from a bottle returns to the same page, and a link can be shared. Defaults are left
 * out, so the plain /library-bottles is name ascending, page 1.
 */
export interface LibraryView {
  sort: SortState;
  page: number;
  query: string;
}

/** URL names of the sort keys (the column labels, lower case). */
const KEY_PARAM: Record<SortKey, string> = {
  name: "name",
  brand: "brand",
  drinkType: "type",
  country: "country",
  state: "state",
  abv: "abv",
  clubScore: "score",
};
const PARAM_KEY = new Map(Object.entries(KEY_PARAM).map(([key, param]) => [param, key as SortKey]));

/** Reads the view from the query string; anything unknown or malformed falls back to the default. */
export function readView(params: URLSearchParams): LibraryView {
  const key = PARAM_KEY.get(params.get("sort") ?? "") ?? DEFAULT_SORT.key;
  const direction = params.get("dir") === "desc" ? "desc" : "asc";
  const pageParam = params.get("page") ?? "";
  const page = /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 1;
  return { sort: { key, direction }, page, query: params.get("q") ?? "" };
}

/** The query string for a view, without the defaults. */
export function writeView(view: LibraryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.sort.key !== DEFAULT_SORT.key || view.sort.direction !== DEFAULT_SORT.direction) {
    params.set("sort", KEY_PARAM[view.sort.key]);
    if (view.sort.direction === "desc") params.set("dir", "desc");
  }
  if (view.query) params.set("q", view.query);
  if (view.page > 1) params.set("page", String(view.page));
  return params;
}

/** Number of pages for a row count (at least one, so an empty list is page 1 of 1). */
export const pageCount = (rows: number) => Math.max(1, Math.ceil(rows / PAGE_SIZE));
