import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_SCRIPTS_ELEMENT_ID } from "@club/shared";
import type { PrerenderedPage } from "./prerender";
import { createUsedCss } from "./usedCss";

/** Written by the web build (apps/web/vite.routePreload.ts, ROUTE_HINTS_FILE). */
interface RouteHintsFile {
  /**
   * The pages whose first screen the server renders (the web's route table, `firstPage`): each
   * one's route, and the scripts and stylesheets of its screen's chunks beyond the entry's.
   */
  firstPages?: FirstPageHints[];
}

interface FirstPageHints {
  pattern: string;
  js?: string[];
  css: string[];
}

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

const HINTS_FILE = join(".vite", "route-hints.json");

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

/** The boot script reads the app's scripts from this element (packages/shared pageContract.ts). */
const APP_SCRIPTS_ID = APP_SCRIPTS_ELEMENT_ID;
const ASSET_JS = /^\/assets\/[\w.-]+\.js$/;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;

/** A built asset's text, or null when the path leaves the build or the file is missing. */
function readAsset(distDir: string, href: string): string | null {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return null;
  const file = join(distDir, href);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

const attr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The pages served for the client-side routes: the built index.html, with the boot script inline;
 * for a first page (the web's route table, `firstPage`), its prerendered screen (platform/prerender.ts).
 * Without the build's hints file no page is prerendered.
 */
export function createPageRenderer(distDir: string, boot: InlineBootScript | null = null): PageRenderer {
  const built = readFileSync(join(distDir, "index.html"), "utf8");
  const html = boot ? built.replace(boot.tag, boot.inline) : built;
  const hintsPath = join(distDir, HINTS_FILE);
  const at = html.indexOf("</head>");
  const hints = existsSync(hintsPath)
    ? (JSON.parse(readFileSync(hintsPath, "utf8")) as RouteHintsFile)
    : null;
  const firstScript = html.indexOf("<script");
  const root = '<div id="root"></div>';
  const rootAt = html.indexOf(root);
  const canPrerender = firstScript >= 0 && firstScript < at && rootAt > at;
  // Each first page's head (its screen's stylesheets inline, the app's scripts listed), made once.
  const firstPages = canPrerender
    ? (hints?.firstPages ?? []).map((hint) => ({
        pattern: new RegExp(hint.pattern),
        ...prerenderedHead(html.slice(firstScript, at), distDir, hint),
      }))
    : [];
  const firstPageAt = (path: string) => firstPages.find((first) => first.pattern.test(path));

  const prerendered = async (path: string, { dataScript, rootHtml }: PrerenderedPage) => {
    const first = firstPageAt(path);
    if (!first) return html;
    const before = `${html.slice(0, firstScript)}${dataScript}\n    ${first.appScripts}\n    ${first.head}`;
    const after =
      `${first.links}\n  ${html.slice(at, rootAt)}` +
      `<div id="root" data-prerendered="">${rootHtml}</div>${html.slice(rootAt + root.length)}`;
    const css = first.usedCss ? await first.usedCss(before + after) : null;
    return `${before}${css === null ? "" : `  <style>${css}</style>\n    `}${after}`;
  };

  return {
    page: () => html,
    prerenders: (path) => firstPageAt(path) !== undefined,
    prerendered,
  };
}

/**
 * The head of a prerendered page (from the built page's first script on), the list of the app's
 * scripts that goes before it, and its stylesheets.
 */
function prerenderedHead(
  builtHead: string,
  distDir: string,
  first: FirstPageHints,
): { appScripts: string; head: string; usedCss: ((html: string) => Promise<string>) | null; links: string } {
  // The stylesheets the prerendered screen needs, the entry's (linked in the built page's head) and
  // its chunk's: the rules of them that the page's markup uses go inline, so the first frame waits
  // for no request and parses ~20 KB of CSS instead of ~100. They stay listed as disabled links
  // (neither fetched nor applied): the boot script enables them when it starts the app, which waits
  // for them before it renders (apps/web/src/main.tsx), and Vite's loader, which looks for a link
  // with that href before adding one, finds them and adds no second copy.
  const entryLinks = [...builtHead.matchAll(STYLESHEET_LINK)];
  const chunkCss = first.css;
  const screenCss = [...entryLinks.map((m) => m[1] as string), ...chunkCss];
  const inlineCss = screenCss.map((href) => readAsset(distDir, href));
  const inlineAll = inlineCss.every((css) => css !== null && !/<\/style/i.test(css));
  // The app's scripts (the entry, its imports and the screen's chunks) start loading once the first
  // frame is painted (the boot script does it, reading this list): on a phone's cold load their
  // download and compilation otherwise compete with that frame for the CPU.
  const entry = ENTRY_SCRIPT.exec(builtHead);
  const preloads = [
    ...[...builtHead.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string),
    ...(first.js ?? []).filter((href) => ASSET_JS.test(href)),
  ];
  const appScripts = entry?.[1]
    ? `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify({ entry: entry[1], preload: preloads })}</script>`
    : "";
  const withoutAppScripts = (text: string) =>
    appScripts ? text.replace(MODULE_PRELOAD, "").replace(ENTRY_SCRIPT, "") : text;
  if (!inlineAll) {
    // The same attributes as Vite's own links, so the app's loader finds them.
    const links = chunkCss.map((href) => `  <link rel="stylesheet" crossorigin href="${attr(href)}">`);
    return { appScripts, head: withoutAppScripts(builtHead), usedCss: null, links: links.join("\n  ") };
  }
  return {
    appScripts,
    head: entryLinks.reduce((text, m) => text.replace(m[0], ""), withoutAppScripts(builtHead)),
    usedCss: createUsedCss(inlineCss.join("\n")),
    links: screenCss
      .map((href) => `<link rel="stylesheet" crossorigin href="${attr(href)}" disabled>`)
      .join("\n    "),
  };
}
