import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { QueryPath } from "./contract";
import {
  PAGE_DATA_ELEMENT_ID as PAGE_DATA_ID,
  SOURCE_LANGUAGE,
  type Language,
  type PageRead,
  type ReadAsVisitor,
} from "@club/shared";
import { pageRepresentation, type Representation } from "../platform/httpCache";
import type { PageRoute } from "./pageHints";

/** The module the web build writes with `vite build --ssr` (apps/web/src/ssr/prerender.tsx). */
interface PrerenderModule {
  renderFirstPage(
    url: string,
    read: ReadAsVisitor<QueryPath>,
    basePath?: string,
    language?: Language,
  ): Promise<{ html: string; reads: PageRead<QueryPath>[] } | null>;
}

/** Prerendered pages kept (by `firstPageUrl`, while their data is unchanged). */
const KEPT_PAGES = 32;
/**
 * Of each second, at most this much of the server's CPU time goes to rendering new pages (a page
 * takes ~10-120 ms), and at most two render at once; beyond either, the page is served as built
 * (the app renders the screen itself). So a run of new URLs cannot take the API's time: at ten
 * renders a second of /stats, a member's reads waited up to half a second.
 */
const RENDER_MS_PER_SECOND = 250;
const RENDERS_AT_ONCE = 2;

/**
 * This process's CPU time in ms (user and system, all its threads). A render is counted by it, not
 * by the clock: on a machine that other programs keep busy, the clock time of the same render grew
 * three-fold and used up the budget while the server itself was doing little.
 * Whatever else the server computes meanwhile counts too, which errs on the side of the API.
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The time the first pages may spend rendering: `start()` gives the end of a render to call when
 * it is done, or null when this second's time or the renders at once are used up. `now` (ms) tells
 * the seconds apart; `spentClock` (ms) measures what a render took.
 */
export function renderBudget(
  msPerSecond: number,
  atOnce: number,
  now: () => number = () => performance.now(),
  spentClock: () => number = cpuMs,
) {
  let [second, spent, running] = [Number.NaN, 0, 0];
  return {
    start(): (() => void) | null {
      const thisSecond = Math.floor(now() / 1000);
      if (thisSecond !== second) [second, spent] = [thisSecond, 0];
      if (spent >= msPerSecond || running >= atOnce) return null;
      running++;
      const startedAt = spentClock();
      return () => {
        running--;
        spent += spentClock() - startedAt;
      };
    },
  };
}

/**
 * The URL a first page is rendered and kept for: its path and, of its query, only the parameters
 * its screen reads (the route table's `query`), in the table's order. Any other parameter would
 * change nothing on the page but would make it a new page to render.
 */
export function firstPageUrl(url: string, query: readonly string[] = []): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const sent = new URLSearchParams(url.slice(at + 1));
  const read = new URLSearchParams();
  for (const name of query) {
    const value = sent.get(name);
    if (value !== null) read.set(name, value);
  }
  const search = read.toString();
  return search ? `${url.slice(0, at)}?${search}` : url.slice(0, at);
}

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can end or bend it. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * The first screen of the public pages (the web's route table, `firstPage`), rendered on the
 * server (a phone's cold load shows the page's content in under 300 ms). The web build's
 * prerender module is loaded on first use, so a server nobody opens a public page on never loads
 * React. It renders what a visitor sees, answering the reads the screen asks for with `read` (the
 * tRPC procedures, as a visitor), in the page's language (platform/i18n.ts, pageLanguage), and the
 * answers go into the page beside it so the app starts from the same content without asking again.
 *
 * A finished page (assembled and compressed, once) is kept while the answers of its reads are
 * unchanged: the next request reads them again (the read cache answers) and sends it as it was.
 *
 * Any failure (no SSR build, a render error, the render budget used up) gives null, and the
 * page is served as built: the app then renders the screen itself.
 */
export function createFirstPagePrerender(
  prerenderDir: string,
  read: ReadAsVisitor<QueryPath>,
  log: FastifyBaseLogger,
  /** APP_URL's path, which the pages' links and the router start with ("" for none). */
  basePath = "",
): ((url: string, at: PageRoute, language?: Language) => Promise<Representation | null>) | null {
  const file = join(prerenderDir, "prerender.js");
  if (!existsSync(file)) return null;
  let loading: Promise<PrerenderModule | null> | null = null;
  const load = () =>
    (loading ??= (import(pathToFileURL(file).href) as Promise<PrerenderModule>).catch((err: unknown) => {
      log.error({ err, file }, "the first pages' prerender failed to load: pages are served as built");
      return null;
    }));
  const kept = new Map<string, { dataJson: string; reads: PageRead<QueryPath>[]; page: Representation }>();
  const budget = renderBudget(RENDER_MS_PER_SECOND, RENDERS_AT_ONCE);
  const keep = (
    url: string,
    page: Representation,
    reads: PageRead<QueryPath>[],
    dataJson = JSON.stringify(reads),
  ) => {
    kept.delete(url);
    kept.set(url, { dataJson, reads, page });
    if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value as string);
    return page;
  };

  return async (requested, { route, firstPage }, language = SOURCE_LANGUAGE) => {
    const module = route && firstPage ? await load() : null;
    if (!module || !route || !firstPage) return null;
    const url = firstPageUrl(requested, route.query);
    // Kept per language: English under the URL alone, as before there were languages.
    const keptAs = language === SOURCE_LANGUAGE ? url : `${language} ${url}`;
    const hit = kept.get(keptAs);
    if (hit) {
      // The same reads again: unchanged answers, the same page, as it was finished.
      const again = await Promise.all(
        hit.reads.map(async (r) => ({ ...r, data: await read(r.procedure, r.input).catch(() => undefined) })),
      );
      if (JSON.stringify(again) === hit.dataJson) return keep(keptAs, hit.page, hit.reads, hit.dataJson);
    }
    const done = budget.start();
    if (!done) return null;
    try {
      const rendered = await module.renderFirstPage(url, read, basePath, language);
      if (!rendered) return null;
      const dataScript = `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson({ reads: rendered.reads })}</script>`;
      return keep(
        keptAs,
        pageRepresentation(await firstPage(dataScript, rendered.html, language)),
        rendered.reads,
      );
    } catch (err) {
      log.warn({ err, url }, "a first page failed to render: served as built");
      return null;
    } finally {
      done();
    }
  };
}
