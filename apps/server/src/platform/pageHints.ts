import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_SCRIPTS_ELEMENT_ID, ROUTE_HINTS_FILE, type RouteHints } from "@club/shared";
import type { PrerenderedPage } from "./prerender";
import { createUsedCss } from "./usedCss";

/** Pages served for the web app's routes. */
export interface PageRenderer {
  /** The page for a client-side route, as built (with the boot script inline). */
  page(): string;
  /** Whether the server prerenders the screen at this path (platform/prerender.ts). */
  prerenders(path: string): boolean;
  /**
   * The page at this path with a prerendered screen: its data before the boot script (which then
   * does not fetch it), the rules of the app's stylesheets that its markup uses (inline: the first
   * frame waits for no request), and its markup in #root, which the app replaces in its first render.
   */
  prerendered(path: string, parts: PrerenderedPage): Promise<string>;
}

/** The built page's boot script tag (apps/web/vite.routePreload.ts: theme, preloads, first query). */
const BOOT_TAG = /<script src="(\/assets\/boot-[\w-]+\.js)"><\/script>/;

/** The boot script of a web build, to inline into its pages, and its hash for the CSP. */
export interface InlineBootScript {
  /** The external <script src> tag in the built index.html. */
  tag: string;
  /** The same script inline. */
  inline: string;
  /** 'sha256-...': the Content-Security-Policy allows this inline script and no other. */
  cspSource: string;
}

/**
 * The boot script, inlined: it runs before the first paint (it applies the stored theme), so as a
 * file the parser stops for its round trip, which on a cold load waits behind the page's other
 * requests (one server, two cores: about 100 ms). Inline, it costs nothing; the CSP names its hash.
 */
export function inlineBootScript(distDir: string): InlineBootScript | null {
  const indexFile = join(distDir, "index.html");
  if (!existsSync(indexFile)) return null;
  const match = BOOT_TAG.exec(readFileSync(indexFile, "utf8"));
  const file = match?.[1] ? join(distDir, match[1]) : null;
  if (!match || !file || !existsSync(file)) return null;
  const source = readFileSync(file, "utf8");
  if (/<\/script|<!--/i.test(source)) return null;
  const hash = createHash("sha256").update(source).digest("base64");
  return { tag: match[0], inline: `<script>${source}</script>`, cspSource: `'sha256-${hash}'` };
}

/** What the built page's head loads, which a prerendered page lists instead (the boot script loads it). */
const APP_FILES =
  /\s*(?:<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;
const ROOT = '<div id="root"></div>';

/** A built stylesheet's text, or null when the path leaves the build, the file is missing or it would end a <style>. */
function readStylesheet(distDir: string, href: string): string | null {
  const file = join(distDir, href);
  if (!/^\/assets\/[\w.-]+\.css$/.test(href) || !existsSync(file)) return null;
  const css = readFileSync(file, "utf8");
  return /<\/style/i.test(css) ? null : css;
}

const attr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The pages served for the client-side routes: the built index.html, with the boot script inline;
 * for a first page (the web's route table, `firstPage`), its prerendered screen (platform/prerender.ts).
 * Without the build's hints file no page is prerendered, nor a page whose stylesheets cannot be read.
 */
export function createPageRenderer(distDir: string, boot: InlineBootScript | null = null): PageRenderer {
  const built = readFileSync(join(distDir, "index.html"), "utf8");
  const html = boot ? built.replace(boot.tag, boot.inline) : built;
  const hintsFile = join(distDir, ROUTE_HINTS_FILE);
  const hints = existsSync(hintsFile) ? (JSON.parse(readFileSync(hintsFile, "utf8")) as RouteHints) : null;
  const [head, headEnd, rootAt] = [html.indexOf("<script"), html.indexOf("</head>"), html.indexOf(ROOT)];
  const canPrerender = head >= 0 && head < headEnd && rootAt > headEnd;
  // The rest of the built head (the boot script, the manifest) without the app's files.
  const headRest = html.slice(head, headEnd).replace(APP_FILES, "");
  // Each first page's parts, made once. The app's scripts (the entry, its imports and the screen's
  // chunks) are listed for the boot script, which loads them once the first frame is painted (on a
  // phone's cold load their download and compilation otherwise compete with that frame for the CPU).
  // The rules of the stylesheets that the page's markup uses go inline, so the first frame waits for
  // no request and parses ~20 KB of CSS instead of ~100; the stylesheets stay listed as disabled links
  // (neither fetched nor applied): the boot script enables them when it starts the app, which waits
  // for them before it renders (apps/web/src/main.tsx), and Vite's loader, which looks for a link
  // with that href before adding one, finds them and adds no second copy.
  const firstPages = (canPrerender ? (hints?.firstPages ?? []) : []).flatMap((hint) => {
    const css = hint.css.map((href) => readStylesheet(distDir, href));
    if (css.some((text) => text === null)) return [];
    const scripts = JSON.stringify({ entry: hint.entry, preload: hint.preload });
    return [
      {
        pattern: new RegExp(hint.pattern),
        head: `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${scripts}</script>\n    ${headRest}`,
        links: hint.css.map((href) => `<link rel="stylesheet" crossorigin href="${attr(href)}" disabled>`),
        usedCss: createUsedCss(css.join("\n")),
      },
    ];
  });
  const firstPageAt = (path: string) => firstPages.find((first) => first.pattern.test(path));

  const prerendered = async (path: string, { dataScript, rootHtml }: PrerenderedPage) => {
    const first = firstPageAt(path);
    if (!first) return html;
    const before = `${html.slice(0, head)}${dataScript}\n    ${first.head}`;
    const after =
      `${first.links.join("\n    ")}\n  ${html.slice(headEnd, rootAt)}` +
      `<div id="root" data-prerendered="">${rootHtml}</div>${html.slice(rootAt + ROOT.length)}`;
    return `${before}  <style>${await first.usedCss(before + after)}</style>\n    ${after}`;
  };

  return {
    page: () => html,
    prerenders: (path) => firstPageAt(path) !== undefined,
    prerendered,
  };
}
