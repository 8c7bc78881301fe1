import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { PAGE_DATA_ELEMENT_ID as PAGE_DATA_ID } from "@club/shared";
import type { QueryPath } from "../api/contract";

/** One read the screen made, with its answer (apps/web/src/lib/pageData.ts PageRead). */
interface PageRead {
  procedure: QueryPath;
  input: unknown;
  data: unknown;
}

/** Answers a read as a visitor would get it; throws when it is refused. */
export type ReadAsVisitor = (procedure: QueryPath, input: unknown) => Promise<unknown>;

/** The module the web build writes with `vite build --ssr` (apps/web/src/ssr/prerender.tsx). */
interface PrerenderModule {
  renderFirstPage(url: string, read: ReadAsVisitor): Promise<{ html: string; reads: PageRead[] } | null>;
}

/** What goes into the page: the data block for the head, the screen's markup for #root. */
export interface PrerenderedPage {
  dataScript: string;
  rootHtml: string;
}

/** Prerendered pages kept (by URL, while their data is unchanged). */
const KEPT_PAGES = 32;
/** At most this many renders per second for the whole server; beyond it the page is served as built. */
const RENDERS_PER_SECOND = 10;

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can end or bend it. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * The first screen of the public pages (the web's route table, `firstPage`), rendered on the
 * server (issue 25: a phone's cold load shows the page's content in under 300 ms). The web build's
 * prerender module is loaded on first use, so a server nobody opens a public page on never loads
 * React. It renders what a visitor sees, answering the reads the screen asks for with `read` (the
 * tRPC procedures, as a visitor), and the answers go into the page beside it so the app starts
 * from the same content without asking again.
 *
 * A page's markup is kept while the answers of its reads are unchanged: the next request reads
 * them again (the read cache answers) and reuses the markup without rendering.
 *
 * Any failure (no SSR build, a render error, too many renders this second) gives null, and the
 * page is served as built: the app then renders the screen itself.
 */
export function createFirstPagePrerender<Page>(
  prerenderDir: string,
  read: ReadAsVisitor,
  log: FastifyBaseLogger,
  /** Makes what is sent from the page's parts; kept with the page. */
  finish: (url: string, parts: PrerenderedPage) => Promise<Page>,
): ((url: string) => Promise<Page | null>) | null {
  const file = join(prerenderDir, "prerender.js");
  if (!existsSync(file)) return null;
  let loading: Promise<PrerenderModule | null> | null = null;
  const load = () =>
    (loading ??= (import(pathToFileURL(file).href) as Promise<PrerenderModule>).catch((err: unknown) => {
      log.error({ err, file }, "the first pages' prerender failed to load: pages are served as built");
      return null;
    }));
  const kept = new Map<string, { dataJson: string; reads: PageRead[]; page: Page }>();
  let second = 0;
  let rendersThisSecond = 0;
  const mayRender = () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      rendersThisSecond = 0;
    }
    return rendersThisSecond++ < RENDERS_PER_SECOND;
  };
  const page = (reads: PageRead[], rootHtml: string) => ({
    dataScript: `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson({ reads })}</script>`,
    rootHtml,
  });

  return async (url) => {
    const module = await load();
    if (!module) return null;
    const hit = kept.get(url);
    if (hit) {
      // The same reads again: unchanged answers, the same page, as it was finished.
      const again = await Promise.all(
        hit.reads.map(async (r) => ({ ...r, data: await read(r.procedure, r.input).catch(() => undefined) })),
      );
      if (JSON.stringify(again) === hit.dataJson) {
        kept.delete(url);
        kept.set(url, hit);
        return hit.page;
      }
    }
    if (!mayRender()) return null;
    try {
      const rendered = await module.renderFirstPage(url, read);
      if (!rendered) return null;
      const made = await finish(url, page(rendered.reads, rendered.html));
      kept.delete(url);
      kept.set(url, { dataJson: JSON.stringify(rendered.reads), reads: rendered.reads, page: made });
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value as string);
      return made;
    } catch (err) {
      log.warn({ err, url }, "a first page failed to render: served as built");
      return null;
    }
  };
}
