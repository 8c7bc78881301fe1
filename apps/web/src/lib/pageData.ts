import type { QueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import type { QueryPath } from "@club/api";
import { PAGE_DATA_ELEMENT_ID, type BottleSearchInput, type BottleSearchResult } from "@club/shared";
import { trpc } from "./trpc";

/**
 * The data of a screen the server prerendered into the page (the library's first page: see
 * apps/server/src/platform/prerender.ts). It sits in the page's head as
 * <script type="application/json" id="club-page-data">, before the boot script, which then does
 * not fetch it again.
 */
export { PAGE_DATA_ELEMENT_ID };

/** The one read a page carries prerendered: the library's search. */
export const PAGE_DATA_PROCEDURE = "search.bottles" satisfies QueryPath;

export interface PageData {
  procedure: typeof PAGE_DATA_PROCEDURE;
  input: BottleSearchInput;
  data: BottleSearchResult;
}

/** The query cache's key of the library's search call, as trpc.search.bottles.useQuery(input) makes it. */
export const librarySearchKey = (input: BottleSearchInput) =>
  getQueryKey(trpc.search.bottles, input, "query");

/** Puts prerendered data into the query cache under the key the screen will ask for. */
export function seedQueryClient(queryClient: QueryClient, page: PageData, updatedAt: number): void {
  queryClient.setQueryData(librarySearchKey(page.input), page.data, { updatedAt });
}

function readPageData(): PageData | null {
  const element = typeof document === "undefined" ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const page = JSON.parse(element.textContent) as PageData;
    return page.procedure === PAGE_DATA_PROCEDURE ? page : null;
  } catch {
    return null;
  }
}

/**
 * Seeds the cache from the page's prerendered data, so the app's first render shows the rows the
 * server painted instead of a loader (the library's search is a public read: a member is sent the
 * same answer as a visitor).
 */
export function seedPageData(queryClient: QueryClient): QueryClient {
  const page = readPageData();
  if (page) seedQueryClient(queryClient, page, Date.now());
  return queryClient;
}
