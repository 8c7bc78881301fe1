/**
 * The server's first screen of the public pages (built by `vite build --ssr` into dist-ssr/,
 * loaded by apps/server/src/app/prerender.ts on the first request for such a page). Which
 * pages: the route table's `firstPage` entries (packages/shared/src/routeTable.ts), whose URL the server matched; one
 * mechanism for all of them.
 *
 * A phone's cold load would otherwise paint nothing until the app's JavaScript has downloaded,
 * compiled and rendered (about 0.6-0.8 s on our 2-core machine). The server renders the app's own
 * tree (AppTree.tsx: the same components, with the same data the screen asks for, as a visitor)
 * into the page: the content paints as soon as the HTML is in, and the app hydrates that markup
 * (main.tsx): its first render is this one, so React keeps the elements and attaches to them.
 *
 * The data is what the screen asks for: the screen is rendered, the reads it asked for and found
 * no answer to (its tRPC queries, as a visitor) are answered by the server, and it is rendered again
 * with them, until it asks for nothing new (a read that depends on another's answer takes a pass).
 */
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { httpBatchLink } from "@trpc/react-query";
import { StaticRouter } from "react-router";
import type { QueryPath } from "@club/api";
import type { Language, PageRead, ReadAsVisitor } from "@club/shared";
import { loadLanguage } from "../lib/i18n";
import { AppTree } from "../AppTree";
import { seedRead } from "../lib/pageData";
import { setBasePath } from "../lib/basePath";
import { createQueryClient } from "../lib/queryClient";
import { trpc } from "../lib/trpc";
import { labelTableMarkup } from "../components/tableLabelsMarkup";

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
 * The markup of #root for the page at `url` (path and query string) as a visitor sees it, in
 * `language`, and the reads it made, with their answers (the page carries them for the app).
 */
export function renderFirstPage(
  url: string,
  read: ReadAsVisitor<QueryPath>,
  basePath = "",
  language: Language = "en",
): Promise<{ html: string; reads: PageRead<QueryPath>[] }> {
  // One page at a time: the formats outside components read the language being rendered
  // (lib/i18n.ts, currentLanguage), so two renders in two languages must not interleave.
  const turn = renders.then(() => renderOne(url, read, basePath, language));
  renders = turn.catch(() => undefined);
  return turn;
}

let renders: Promise<unknown> = Promise.resolve();

async function renderOne(
  url: string,
  read: ReadAsVisitor<QueryPath>,
  basePath: string,
  language: Language,
): Promise<{ html: string; reads: PageRead<QueryPath>[] }> {
  // Under APP_URL's path: links and calls start with it, and the router is at it, as in the browser.
  setBasePath(basePath);
  await loadLanguage(language);
  const queryClient = createQueryClient();
  const reads: PageRead<QueryPath>[] = [];
  const refused = new Set<string>();
  const AtUrl = ({ children }: { children: ReactNode }) => (
    <StaticRouter basename={basePath ? `${basePath}/` : undefined} location={`${basePath}${url}`}>
      {children}
    </StaticRouter>
  );
  try {
    for (let pass = 1; ; pass++) {
      const { prelude } = await prerender(
        <AppTree queryClient={queryClient} trpcClient={offlineClient()} router={AtUrl} language={language} />,
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
            const page: PageRead<QueryPath> = { ...wanted, data: await read(wanted.procedure, wanted.input) };
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
