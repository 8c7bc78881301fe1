import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_SCRIPTS_ELEMENT_ID, ROUTE_HINTS_FILE, type RouteHints } from "@club/shared";
import type { PrerenderedPage } from "./prerender";
import { createUsedCss } from "./usedCss";

/** Pages served for the web app's routes. */
export interface PageRenderer {
  /** The page for a client-side route, as built, with the route's screen's files listed as preloads. */
  page(path: string): string;
  /** Whether the server prerenders the screen at this path (platform/prerender.ts). */
  prerenders(path: string): boolean;
  /**
   * The page at this path with a prerendered screen: its data before the boot script (which then
   * does not fetch it), the rules of the app's stylesheets that its markup uses (inline: the first
   * frame waits for no request), and its markup in #root, which the app replaces in its first render.
   */
  prerendered(path: string, parts: PrerenderedPage): Promise<string>;
}

/**
 * The built page's one inline script (the boot script, which the web build puts there: it applies
 * the stored theme before the first paint), as the Content-Security-Policy allows it: by its hash.
 */
export function bootScriptSource(distDir: string): string | null {
  const indexFile = join(distDir, "index.html");
  const boot = existsSync(indexFile)
    ? /<script>([\s\S]*?)<\/script>/.exec(readFileSync(indexFile, "utf8"))
    : null;
  return boot
    ? `'sha256-${createHash("sha256")
        .update(boot[1] ?? "")
        .digest("base64")}'`
    : null;
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
 * The pages served for the client-side routes: the built index.html (the boot script inline), with
 * the route's screen's chunks and stylesheets as preloads (the build's route hints); for a first page
 * (the web's route table, `firstPage`), its prerendered screen (platform/prerender.ts). Without the
 * hints file no page is prerendered, nor a page whose stylesheets cannot be read.
 */
export function createPageRenderer(distDir: string): PageRenderer {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const hintsFile = join(distDir, ROUTE_HINTS_FILE);
  const hints = existsSync(hintsFile) ? (JSON.parse(readFileSync(hintsFile, "utf8")) as RouteHints) : null;
  const [head, headEnd, rootAt] = [html.indexOf("<script"), html.indexOf("</head>"), html.indexOf(ROOT)];
  const canPrerender = head >= 0 && head < headEnd && rootAt > headEnd;
  // The rest of the built head (the boot script, the manifest) without the app's files.
  const headRest = html.slice(head, headEnd).replace(APP_FILES, "");
  // A first page's parts, made once. The app's scripts (the entry, its imports and the screen's
  // chunks) are listed for the boot script, which loads them once the first frame is painted (on a
  // phone's cold load their download and compilation otherwise compete with that frame for the CPU).
  // The rules of the stylesheets that the page's markup uses go inline, so the first frame waits for
  // no request and parses ~20 KB of CSS instead of ~100; the stylesheets stay listed as disabled links
  // (neither fetched nor applied): the boot script enables them when it starts the app, which waits
  // for them before it renders (apps/web/src/main.tsx), and Vite's loader, which looks for a link
  // with that href before adding one, finds them and adds no second copy.
  const firstPage = ({ entry }: RouteHints, route: RouteHints["routes"][number]) => {
    const hrefs = [...new Set([...entry.css, ...route.css])];
    const css = hrefs.map((href) => readStylesheet(distDir, href));
    if (!canPrerender || css.some((text) => text === null)) return null;
    const scripts = JSON.stringify({ entry: entry.script, preload: [...entry.imports, ...route.preload] });
    return {
      head: `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${scripts}</script>\n    ${headRest}`,
      links: hrefs.map((href) => `<link rel="stylesheet" crossorigin href="${attr(href)}" disabled>`),
      usedCss: createUsedCss(css.join("\n")),
    };
  };
  const routes = (hints?.routes ?? []).map((route) => {
    const preloads = [
      ...route.preload.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
      ...route.css.map((href) => `<link rel="preload" as="style" crossorigin href="${attr(href)}">`),
    ];
    return {
      pattern: new RegExp(route.pattern),
      page: html.replace("</head>", preloads.map((link) => `  ${link}\n  `).join("") + "</head>"),
      first: hints && route.firstPage ? firstPage(hints, route) : null,
    };
  });
  const routeAt = (path: string) => routes.find((route) => route.pattern.test(path));

  const page = (path: string) => routeAt(path)?.page ?? html;
  const prerendered = async (path: string, { dataScript, rootHtml }: PrerenderedPage) => {
    const first = routeAt(path)?.first;
    if (!first) return page(path);
    const before = `${html.slice(0, head)}${dataScript}\n    ${first.head}`;
    const after =
      `${first.links.join("\n    ")}\n  ${html.slice(headEnd, rootAt)}` +
      `<div id="root" data-prerendered="">${rootHtml}</div>${html.slice(rootAt + ROOT.length)}`;
    return `${before}  <style>${await first.usedCss(before + after)}</style>\n    ${after}`;
  };

  return {
    page,
    prerenders: (path) => Boolean(routeAt(path)?.first),
    prerendered,
  };
}
