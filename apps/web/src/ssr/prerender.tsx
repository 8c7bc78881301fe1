/**
 * The server's first screen of the public pages (built by `vite build --ssr` into dist-ssr/,
 * loaded by apps/server/src/platform/prerender.ts on the first request for such a page). Which
 * pages: the route table's `firstPage` entries (routeTable.ts), whose route the server matched and
 * passes in; one mechanism for all of them.
 *
 * A phone's cold load would otherwise paint nothing until the app's JavaScript has downloaded,
 * compiled and rendered (about 0.6-0.8 s on our 2-core machine). The server renders the same
 * components, with the same data the screen asks for, into the page: the content paints as soon as
 * the HTML is in. The page is not hydrated: the app renders into #root as usual and replaces this
 * markup in its first commit, with the same content (lib/pageData.ts seeds its cache).
 *
 * The data is what the screen asks for: the screen is rendered, the reads it asked for and found
 * no answer to (its tRPC queries, as a visitor) are answered by the server, and it is rendered again
 * with them, until it asks for nothing new (a read that depends on another's answer takes a pass).
 */
import type { ComponentType } from "react";
import { prerender } from "react-dom/static";
import { httpBatchLink } from "@trpc/react-query";
import { Route, Routes, StaticRouter } from "react-router";
import type { QueryPath } from "@club/api";
import type { PageRead, ReadAsVisitor } from "@club/shared";
import { AppProviders } from "../AppProviders";
import { AppLayout } from "../components/AppLayout";
import { seedRead } from "../lib/pageData";
import { createQueryClient } from "../lib/queryClient";
import { trpc } from "../lib/trpc";
import type { RouteEntry } from "../routeTable";
import { labelTableMarkup } from "../components/tableLabelsMarkup";

/** The screens' modules, loaded when a page of theirs is first rendered (chunks of dist-ssr/). */
const SCREEN_MODULES = import.meta.glob<{ default: ComponentType }>("../screens/*/*Page.tsx");

/** Renders of one page at most: the first, and one per round of reads that depend on earlier ones. */
const MAX_PASSES = 4;

/** Nothing is fetched while prerendering: every read the screen makes is answered by `read`. */
const offlineClient = () =>
  trpc.createClient({ links: [httpBatchLink({ url: "http://prerender.invalid/trpc" })] });

/** A tRPC query's cache key ([["meetings","byId"], { input, type: "query" }]) as a read, or null. */
function readOfKey(key: readonly unknown[]): { procedure: QueryPath; input: unknown } | null {
  const [path, options] = key as [unknown, { input?: unknown; type?: string } | undefined];
  if (!Array.isArray(path) || options?.type !== "query") return null;
  return { procedure: path.join(".") as QueryPath, input: options.input };
}

/**
 * The markup of #root for the page at `url` (path and query string), the route table's `route`
 * there, as a visitor sees it, and the reads it made, with their answers (the page carries them
 * for the app); null when the route has no screen.
 */
export async function renderFirstPage(
  url: string,
  route: Pick<RouteEntry, "path" | "screen">,
  read: ReadAsVisitor,
): Promise<{ html: string; reads: PageRead[] } | null> {
  const load = SCREEN_MODULES[`../screens/${route.screen}.tsx`];
  if (!load) return null;
  const Screen = (await load()).default;
  const queryClient = createQueryClient();
  const reads: PageRead[] = [];
  const refused = new Set<string>();
  try {
    for (let pass = 1; ; pass++) {
      const { prelude } = await prerender(
        <AppProviders queryClient={queryClient} trpcClient={offlineClient()}>
          <StaticRouter location={url}>
            <AppLayout>
              {/* In its route, as routes.tsx has it: the screen reads the path's parameters. */}
              <Routes>
                <Route path={route.path} element={<Screen />} />
              </Routes>
            </AppLayout>
          </StaticRouter>
        </AppProviders>,
        // One piece: no boundary is outlined into a later segment revealed by an inline script (the
        // Content-Security-Policy allows none, and there is nothing to stream: everything is here).
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      const html = await new Response(prelude).text();
      // The reads the screen asked for and has no answer to yet.
      const asked = queryClient
        .getQueryCache()
        .getAll()
        .filter(
          (query) =>
            query.state.data === undefined &&
            !refused.has(query.queryHash) &&
            // A read the screen holds back (`enabled: false`, e.g. a member's) is not asked.
            (query.options as { enabled?: unknown }).enabled !== false,
        )
        .map((query) => ({ hash: query.queryHash, read: readOfKey(query.queryKey) }));
      // The phone's cards labelled as the app labels them (DataTable), before the app runs.
      if (asked.length === 0 || pass >= MAX_PASSES) return { html: labelTableMarkup(html), reads };
      await Promise.all(
        asked.map(async ({ hash, read: wanted }) => {
          if (!wanted) return void refused.add(hash);
          try {
            const page: PageRead = { ...wanted, data: await read(wanted.procedure, wanted.input) };
            seedRead(queryClient, page, Date.now());
            reads.push(page);
          } catch {
            // Refused to a visitor (a member's read), or failed: the app asks again itself.
            refused.add(hash);
          }
        }),
      );
    }
  } finally {
    queryClient.clear();
  }
}
