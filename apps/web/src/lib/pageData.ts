import type { QueryClient } from "@tanstack/react-query";
import type { QueryPath } from "@club/api";
import { PAGE_DATA_ELEMENT_ID, type PageRead } from "@club/shared";

/**
 * The data of a screen the server prerendered into the page (the route table's first pages: see
 * apps/server/src/app/prerender.ts and ssr/prerender.tsx). It sits in the page's head as
 * <script type="application/json" id="club-page-data">, `{ reads: PageRead[] }`, before the boot
 * script, which then does not fetch anything.
 */

/**
 * The query cache's key of a tRPC query, as trpc.<procedure>.useQuery(input) makes it
 * ([["search","bottles"], { input, type: "query" }]; pageData.test.ts checks it against tRPC's).
 */
export const readKey = (procedure: QueryPath, input: unknown) => [
  procedure.split("."),
  input === undefined ? { type: "query" } : { input, type: "query" },
];

/** Puts one prerendered read into the query cache under the key the screen will ask for. */
export function seedRead(queryClient: QueryClient, read: PageRead<QueryPath>, updatedAt: number): void {
  queryClient.setQueryData(readKey(read.procedure, read.input), read.data, { updatedAt });
}

/**
 * Seeds the cache from the page's prerendered data, if any, so the app's first render shows what
 * the server painted instead of a loader.
 *
 * The reads are a visitor's (the server cannot know who opens the page). For a visitor they are
 * the answers. For a signed-in member some differ (night.rsvps names who is coming, night.get says
 * whether the member hosts), so there they only stand in: seeded as already stale, each is asked
 * again with the member's token as its screen mounts, and the visitor's content stays on screen
 * meanwhile instead of a loader.
 */
export function seedPageData(queryClient: QueryClient, signedIn: boolean): QueryClient {
  try {
    const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
    const page = JSON.parse(element?.textContent || "{}") as { reads?: PageRead<QueryPath>[] };
    const updatedAt = signedIn ? 0 : Date.now();
    for (const read of page.reads ?? []) seedRead(queryClient, read, updatedAt);
  } catch {
    // No usable data (or no document): the screen asks for its reads itself.
  }
  return queryClient;
}

/**
 * What a visitor typed into a field of the server's markup before the app hydrated it: React keeps
 * the element and its text, but not the state behind it, so the field's next render would put the
 * server's value back. Called once hydrated: each such field gets its text again as typing gives it
 * (an input event, which React reads as the field's change); the focus stays where it is.
 */
export function keepTypedText(root: HTMLElement): void {
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'textarea, input:not([type="checkbox"]):not([type="radio"])',
  );
  for (const field of fields) {
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    // Through React's own tracking of the value first (it then knows the server's), then past it.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
