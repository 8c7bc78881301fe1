import { withBase } from "./basePath";
/**
 * A screen's in-page state (the library's page, sort and filters; the activity log's filters) kept
 * in the URL as history entries of its own, so Back and Forward step through it instead
 * of leaving the screen.
 *
 * The entry is written straight to window.history, not through the router (a router navigation
 * re-renders the whole layout as a transition; the library re-renders itself alone), with the
 * state React Router's browser history keeps ({usr, key, idx}): its index goes on counting, so the
 * router's own pushes, Back and Forward keep working; Back to one of these entries is a router
 * navigation the screen hears through useLocation().
 */
export function pushViewUrl(url: string): void {
  const current = window.history.state as { idx?: unknown } | null;
  const idx = typeof current?.idx === "number" ? current.idx + 1 : 0;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.pushState({ usr: null, key, idx }, "", withBase(url));
}

/** The same, replacing the current entry (a search refined as it is typed). */
export function replaceViewUrl(url: string): void {
  window.history.replaceState(window.history.state, "", withBase(url));
}
