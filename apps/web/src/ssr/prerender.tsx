/**
 * The server's prerender of the library's first page (built by `vite build --ssr` into dist-ssr/,
 * loaded by apps/server/src/platform/prerender.ts on the first request for /library-bottles).
 *
 * A phone's cold load of the library would otherwise paint nothing until the app's JavaScript has
 * downloaded, compiled and rendered (about 0.8 s on our 2-core machine). The server renders the same
 * components, with the same data the screen will ask for, into the page: the rows paint as soon as
 * the HTML and the stylesheets are in. The page is not hydrated: the app renders into #root as usual
 * and replaces this markup in its first commit, with the same rows (lib/pageData.ts seeds its cache).
 */
import { prerenderToNodeStream } from "react-dom/static";
import { httpBatchLink } from "@trpc/react-query";
import { StaticRouter } from "react-router";
import type { BottleSearchInput, BottleSearchResult } from "@club/shared";
import { AppProviders } from "../AppProviders";
import { AppLayout } from "../components/AppLayout";
import { seedQueryClient } from "../lib/pageData";
import { createQueryClient } from "../lib/queryClient";
import { trpc } from "../lib/trpc";
import { readView, searchInput } from "../screens/LibraryBottles/libraryView";
import LibraryBottlesPage from "../screens/LibraryBottles/LibraryBottlesPage";

/** The search call the library screen makes for this query string (its filters, sort and page). */
export function libraryInput(search: string): BottleSearchInput {
  return searchInput(readView(new URLSearchParams(search)));
}

/** Nothing is fetched while prerendering: every read the screen needs is in the seeded cache. */
const offlineClient = () =>
  trpc.createClient({ links: [httpBatchLink({ url: "http://prerender.invalid/trpc" })] });

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The markup of #root for the library at `url` (path and query string), as a visitor sees it,
 * given the answer of search.bottles for `input`.
 */
export async function renderLibrary(
  url: string,
  input: BottleSearchInput,
  data: BottleSearchResult,
): Promise<string> {
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, { procedure: "search.bottles", input, data }, Date.now());
  const { prelude } = await prerenderToNodeStream(
    <AppProviders queryClient={queryClient} trpcClient={offlineClient()}>
      <StaticRouter location={url}>
        <AppLayout>
          <LibraryBottlesPage />
        </AppLayout>
      </StaticRouter>
    </AppProviders>,
    // One piece: no boundary is outlined into a later segment revealed by an inline script (the
    // Content-Security-Policy allows none, and there is nothing to stream: everything is here).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  queryClient.clear();
  return streamToString(prelude);
}
