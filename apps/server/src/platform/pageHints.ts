import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Written by the web build (apps/web/vite.routePreload.ts, ROUTE_HINTS_FILE). */
interface RouteHintsFile {
  /** Patterns of the routes that show a bottle's photo; group 1 is the bottle's id. */
  routes: string[];
  /** The photo's URLs with placeholders ID and VERSION, and the <img>'s sizes. */
  image: { src: string; srcSet: string; sizes: string };
}

const HINTS_FILE = join(".vite", "route-hints.json");

const attr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The page served for a client-side route: the built index.html, plus, on a bottle's page, a
 * preload of the bottle's photo (the largest paint there, on a phone), with the same srcset and
 * sizes as the <img> the app renders. The photo then downloads with the app's code instead of
 * after it (and after the bottle's data). Without the build's hints file the page is served as built.
 */
export function createPageRenderer(
  distDir: string,
  imageVersionOf: (bottleId: number) => string | null,
): (path: string) => string {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const hintsPath = join(distDir, HINTS_FILE);
  const at = html.indexOf("</head>");
  if (!existsSync(hintsPath) || at < 0) return () => html;
  const hints = JSON.parse(readFileSync(hintsPath, "utf8")) as RouteHintsFile;
  const patterns = hints.routes.map((re) => new RegExp(re));

  return (path) => {
    const id = patterns.map((pattern) => pattern.exec(path)?.[1]).find((match) => match !== undefined);
    const version = id === undefined ? null : imageVersionOf(Number(id));
    if (id === undefined || !version) return html;
    const fill = (text: string) =>
      text.split("/ID/").join(`/${id}/`).split("VERSION").join(encodeURIComponent(version));
    // After the entry script and stylesheet, which come first.
    const link =
      `<link rel="preload" as="image" href="${attr(fill(hints.image.src))}" ` +
      `imagesrcset="${attr(fill(hints.image.srcSet))}" imagesizes="${attr(hints.image.sizes)}" fetchpriority="high">`;
    return `${html.slice(0, at)}  ${link}\n  ${html.slice(at)}`;
  };
}
