import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
// The web app's one route table: plain data, bundled into the server (the SSR module gets the route).
import { ROUTE_TABLE, routePattern, SOURCE_LANGUAGE, type Language, type RouteEntry } from "@club/shared";
import { pageRepresentation, type Representation } from "../platform/httpCache";
import { createUsedCss } from "../platform/usedCss";

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by its source ("index.html" is the entry). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** What the server serves at a path: the route table's entry there, if any, and its pages. */
export interface PageRoute {
  route: RouteEntry | null;
  /** The page as built, with the screen's chunks and stylesheets as preloads (compressed once, when first sent). */
  page: Representation;
  /** The same page in another language (its `<html lang>`), made once per language. */
  pageIn: (language: Language) => Representation;
  /** A first page (`firstPage`): the page around a prerendered screen's data block and markup. */
  firstPage: ((dataScript: string, rootHtml: string, language?: Language) => Promise<string>) | null;
}

/** The built page's `<html lang>`, which a page in another language says instead. */
const HTML_LANG = /<html lang="[^"]*"/;
const inLanguage = (html: string, language: Language) => html.replace(HTML_LANG, `<html lang="${language}"`);

/** A page's form in each language, made when first asked for. */
function perLanguage(html: string, page: Representation): (language: Language) => Representation {
  const made = new Map<Language, Representation>();
  return (language) => {
    if (language === SOURCE_LANGUAGE) return page;
    let found = made.get(language);
    if (!found) made.set(language, (found = pageRepresentation(inLanguage(html, language))));
    return found;
  };
}

/**
 * The built page's one inline script (public/theme-init.js, which the web build puts there: it
 * applies the stored theme before the first paint), as the Content-Security-Policy allows it: by
 * its hash.
 */
export function bootScriptSource(distDir: string): string | null {
  const indexFile = join(distDir, "index.html");
  const boot = existsSync(indexFile) && /<script>([\s\S]*?)<\/script>/.exec(readFileSync(indexFile, "utf8"));
  return boot
    ? `'sha256-${createHash("sha256")
        .update(boot[1] ?? "")
        .digest("base64")}'`
    : null;
}

/** The built page's stylesheets, which a prerendered page inlines the used rules of instead. */
const STYLESHEETS = /\s*<link rel="stylesheet"[^>]*>/g;
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
 * the route's screen's chunks and stylesheets as preloads, read from Vite's build manifest; for a
 * first page (the route table's `firstPage`), the page around its prerendered screen
 * (app/prerender.ts). A route whose screen is not in the manifest is served as built, and a
 * first page whose stylesheets cannot be read is not prerendered.
 */
export function createPageRenderer(distDir: string, basePath = ""): PageRenderer {
  const html = pageAtBase(readFileSync(join(distDir, "index.html"), "utf8"), basePath);
  const manifestFile = join(distDir, ".vite", "manifest.json");
  const manifest = (existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {}) as Record<
    string,
    ManifestChunk
  >;
  // The chunks a chunk loads with it (its static imports, transitively), itself first.
  const closure = (keys: string[] = [], seen = new Set<string>()) => {
    for (const key of keys)
      if (manifest[key] && !seen.has(key)) closure(manifest[key].imports, seen.add(key));
    return seen;
  };
  // A file's path from the build's root (`/assets/x.js`), and as the page links it (under the path).
  const linked = (href: string) => attr(`${basePath}${href}`);
  const files = (keys: Iterable<string>, of: (chunk: ManifestChunk) => string[] = (c) => [c.file]) => [
    ...new Set([...keys].flatMap((key) => of(manifest[key] as ManifestChunk).map((file) => `/${file}`))),
  ];
  const cssOf = (keys: Iterable<string>) => files(keys, (chunk) => chunk.css ?? []);
  const entry = closure(["index.html"]);
  const [head, headEnd, rootAt] = [html.indexOf("<script"), html.indexOf("</head>"), html.indexOf(ROOT)];
  // The rest of the built head (the theme script, the app's module script and its preloads, the
  // manifest) without the stylesheets.
  const headRest = html.slice(head, headEnd).replace(STYLESHEETS, "");
  // A first page's parts, made once. The app's script starts at once, as on any page, and hydrates
  // the markup (apps/web/src/main.tsx); the screen's chunks are preloaded beside the entry's.
  // The rules of the stylesheets that the page's markup uses go inline (the entry's, the screen's and
  // those of the parts it loads lazily, e.g. the meeting's night on its page), so the first frame
  // waits for no request and parses ~20 KB of CSS instead of ~100; the stylesheets stay listed as
  // disabled links (neither fetched nor applied): the app enables them as it starts (main.tsx), for
  // what the markup does not have yet (menus, dialogs), and Vite's loader, which looks for a link
  // with that href before adding one, finds them and adds no second copy.
  const firstPage = (screen: string, own: string[]): PageRoute["firstPage"] => {
    const hrefs = cssOf([...entry, ...own, ...closure(manifest[screen]?.dynamicImports)]);
    const css = hrefs.map((href) => readStylesheet(distDir, href));
    if (head < 0 || head > headEnd || rootAt < headEnd || css.some((text) => text === null)) return null;
    const usedCss = createUsedCss(css.join("\n"));
    const links = [
      ...files(own).map((href) => `<link rel="modulepreload" crossorigin href="${linked(href)}">`),
      ...hrefs.map((href) => `<link rel="stylesheet" crossorigin href="${linked(href)}" disabled>`),
    ];
    return async (dataScript, rootHtml, language = SOURCE_LANGUAGE) => {
      const before = `${inLanguage(html.slice(0, head), language)}${dataScript}\n    ${headRest}`;
      const after =
        `${links.join("\n    ")}\n  ${html.slice(headEnd, rootAt)}` +
        `<div id="root" data-prerendered="">${rootHtml}</div>${html.slice(rootAt + ROOT.length)}`;
      return `${before}  <style>${await usedCss(before + after)}</style>\n    ${after}`;
    };
  };
  // Each route's pages are made when a page is first asked for, not at start: reading and joining
  // the first pages' stylesheets took ~50 ms of the start under load (docs/benchmarks.md), and
  // health checks and the API never need them. The build's index.html and manifest
  // are read above, so a build that cannot be read still fails the start.
  const makeRoutes = () =>
    ROUTE_TABLE.map((route) => {
      const screen = `src/screens/${route.screen}.tsx`;
      const own = [...closure([screen])].filter((key) => !entry.has(key)); // none when not built
      const preloads = [
        ...files(own).map((href) => `<link rel="modulepreload" crossorigin href="${linked(href)}">`),
        ...cssOf(own).map((href) => `<link rel="preload" as="style" crossorigin href="${linked(href)}">`),
      ];
      const built = html.replace("</head>", preloads.map((link) => `  ${link}\n  `).join("") + "</head>");
      const page = pageRepresentation(built);
      return {
        pattern: new RegExp(routePattern(route.path)),
        route,
        page,
        pageIn: perLanguage(built, page),
        firstPage: route.firstPage && manifest[screen] ? firstPage(screen, own) : null,
      };
    });
  let routes: ReturnType<typeof makeRoutes> | null = null;
  const plain = pageRepresentation(html);
  const none = { route: null, page: plain, pageIn: perLanguage(html, plain), firstPage: null };
  const at = (path: string) => (routes ??= makeRoutes()).find((route) => route.pattern.test(path)) ?? none;
  return Object.assign(at, { shell: none.page });
}

/** The pages at a path, and the app shell (the page as built, which the service worker keeps as /index.html). */
export type PageRenderer = ((path: string) => PageRoute) & { shell: Representation };

/**
 * The built page under the club's path: the web app is built with a relative base (`./assets/...`,
 * `./manifest.webmanifest`), which a page at /bottle/12 would resolve under /bottle/; its links
 * become absolute, under APP_URL's path ("" at a host's root: `/assets/...`, as a root build has).
 */
export const pageAtBase = (html: string, basePath: string) =>
  html.replace(/(\s(?:href|src)=")\.\//g, (_, before: string) => `${before}${basePath}/`);
