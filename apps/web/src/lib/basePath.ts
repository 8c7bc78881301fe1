/**
 * The path the club is served under: "" at a host's root, "/club" when APP_URL is
 * https://host/club. The build is the same for every club: the server writes the path into the
 * pages it sends, and the app reads it from where its own code was loaded (every built chunk is
 * in <path>/assets/), so nothing is decided when the app is built.
 *
 * The app's routes, links and calls are written from the root ("/bottle/12", "/api/Bottles");
 * the router adds the path to its links itself (its basename), and whatever else leaves the app
 * (a fetch, a plain link, the service worker's URL, a cookie's Path) goes through `withBase`.
 */
function fromScriptUrl(): string {
  // Not while the server prerenders (it says the path itself: setBasePath). In `vite dev` and the
  // tests the modules come from /src/, not assets/: the root.
  if (typeof document === "undefined") return "";
  const path = new URL(import.meta.url).pathname;
  const at = path.lastIndexOf("/assets/");
  return at > 0 ? path.slice(0, at) : "";
}

let base = fromScriptUrl();

/** The path ("" or "/club", never ending in "/"). */
export const basePath = (): string => base;

/** The server's prerender renders under the club's path (it is the same for every page). */
export function setBasePath(path: string): void {
  base = path.replace(/\/+$/, "");
}

/** A path of the app from its root ("/api/Bottles") as the browser must ask for it ("/club/api/Bottles"). */
export const withBase = (path: string): string =>
  path.startsWith("/") && !path.startsWith("//") ? `${base}${path}` : path;

/** A path the browser shows ("/club/bottle/12") as the app's own ("/bottle/12"); one outside the path as it is. */
export function withoutBase(path: string): string {
  if (!base) return path;
  if (path === base) return "/";
  return path.startsWith(`${base}/`) ? path.slice(base.length) : path;
}
