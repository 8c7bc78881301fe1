import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import {
  PAGE_DATA_ELEMENT_ID as PAGE_DATA_ID,
  type BottleSearchInput,
  type BottleSearchResult,
} from "@club/shared";
import type { QueryPath } from "../api/contract";

/** The module the web build writes with `vite build --ssr` (apps/web/src/ssr/prerender.tsx). */
interface PrerenderModule {
  libraryInput(search: string): BottleSearchInput;
  renderLibrary(url: string, input: BottleSearchInput, data: BottleSearchResult): Promise<string>;
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
 * The library's first page, rendered on the server (issue 14: a phone's cold load shows the rows
 * in under 300 ms). The web build's prerender module is loaded on first use, so a server nobody
 * opens the library on never loads React. It renders what a visitor sees, with the answer of the
 * same search.bottles call the screen makes (`readPage`: the tRPC procedure, as a visitor), and the
 * answer goes into the page beside it so the app starts from the same rows without asking again.
 *
 * Any failure (no SSR build, input the procedure refuses, a render error, too many renders this
 * second) gives null, and the page is served as built: the app then renders the screen itself.
 */
export function createLibraryPrerender(
  prerenderDir: string,
  readPage: (input: BottleSearchInput) => Promise<BottleSearchResult>,
  log: FastifyBaseLogger,
): ((url: string) => Promise<PrerenderedPage | null>) | null {
  const file = join(prerenderDir, "prerender.js");
  if (!existsSync(file)) return null;
  let loading: Promise<PrerenderModule | null> | null = null;
  const load = () =>
    (loading ??= (import(pathToFileURL(file).href) as Promise<PrerenderModule>).catch((err: unknown) => {
      log.error({ err, file }, "the library's prerender failed to load: pages are served as built");
      return null;
    }));
  const kept = new Map<string, { dataJson: string; rootHtml: string }>();
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

  return async (url) => {
    const module = await load();
    if (!module) return null;
    const at = url.indexOf("?");
    const search = at < 0 ? "" : url.slice(at);
    let input: BottleSearchInput;
    let data: BottleSearchResult;
    try {
      input = module.libraryInput(search);
      data = await readPage(input);
    } catch (err) {
      // A query string the search refuses (the screen shows its own message for it).
      log.debug({ err, url }, "the library's first page was not prerendered");
      return null;
    }
    const dataJson = scriptSafeJson({ procedure: "search.bottles" satisfies QueryPath, input, data });
    const dataScript = `<script type="application/json" id="${PAGE_DATA_ID}">${dataJson}</script>`;
    const hit = kept.get(url);
    if (hit?.dataJson === dataJson) {
      kept.delete(url);
      kept.set(url, hit);
      return { dataScript, rootHtml: hit.rootHtml };
    }
    if (!mayRender()) return null;
    try {
      const rootHtml = await module.renderLibrary(url, input, data);
      kept.delete(url);
      kept.set(url, { dataJson, rootHtml });
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value as string);
      return { dataScript, rootHtml };
    } catch (err) {
      log.warn({ err, url }, "the library's first page failed to render: served as built");
      return null;
    }
  };
}
