import type { QueryClient } from "@tanstack/react-query";
import type { QueryPath } from "@club/api";
import { PAGE_DATA_ELEMENT_ID } from "@club/shared";

/**
 * The data of a screen the server prerendered into the page (the route table's first pages: see
 * apps/server/src/platform/prerender.ts and ssr/prerender.tsx). It sits in the page's head as
 * <script type="application/json" id="club-page-data">, before the boot script, which then does
 * not fetch anything.
 */
export { PAGE_DATA_ELEMENT_ID };

/** One read the screen made on the server, with its answer (as a visitor). */
export interface PageRead {
  procedure: QueryPath;
  input: unknown;
  data: unknown;
}

export interface PageData {
  reads: PageRead[];
}

/**
 * The query cache's key of a tRPC query, as trpc.<procedure>.useQuery(input) makes it
 * ([["search","bottles"], { input, type: "query" }]; pageData.test.ts checks it against tRPC's).
 */
export const readKey = (procedure: QueryPath, input: unknown) => [
  procedure.split("."),
  input === undefined ? { type: "query" } : { input, type: "query" },
];

/** Puts one prerendered read into the query cache under the key the screen will ask for. */
export function seedRead(queryClient: QueryClient, read: PageRead, updatedAt: number): void {
  queryClient.setQueryData(readKey(read.procedure, read.input), read.data, { updatedAt });
}

function readPageData(): PageData | null {
  const element = typeof document === "undefined" ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const page = JSON.parse(element.textContent) as PageData;
    return Array.isArray(page.reads) ? page : null;
  } catch {
    return null;
  }
}

/**
 * Seeds the cache from the page's prerendered data, so the app's first render shows what the
 * server painted instead of a loader (the reads are a visitor's: public reads, whose answer is
 * the same for a member).
 */
export function seedPageData(queryClient: QueryClient): QueryClient {
  const page = readPageData();
  for (const read of page?.reads ?? []) seedRead(queryClient, read, Date.now());
  return queryClient;
}
