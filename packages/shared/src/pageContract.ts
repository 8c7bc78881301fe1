// No imports: apps/web/vite.routePreload.ts (run by Node when Vite loads its config) imports this
// file by its path, so the boot script, the web app and the server read the same names.

/** The prerendered page's data: <script type="application/json" id=...> (server prerender, web pageData, boot script). */
export const PAGE_DATA_ELEMENT_ID = "club-page-data";
/** In a prerendered page, the app's entry and module preloads, which the boot script loads (for a member at once, for a visitor when first used). */
export const APP_SCRIPTS_ELEMENT_ID = "club-app-scripts";
/**
 * A cookie that says "a member is signed in on this browser" (no secret: the session is in
 * localStorage). Set by the boot script and the session on sign-in, cleared on sign-out; the server
 * keeps Cross-Origin-Opener-Policy on a prerendered public page only for a browser that sends it.
 */
export const MEMBER_HINT_COOKIE = "club_member";

/** Where the web build writes its route hints for the server (in apps/web/dist). */
export const ROUTE_HINTS_FILE = ".vite/route-hints.json";

/**
 * The route hints: written by the web build (apps/web/vite.routePreload.ts), read by the server
 * (apps/server/src/platform/pageHints.ts), which lists a route's files in its page.
 */
export interface RouteHints {
  /** The app's entry script, the scripts it imports and its stylesheets (the built page loads them). */
  entry: { script: string; imports: string[]; css: string[] };
  /** Every route of the route table, in its order. */
  routes: {
    /** The route's pattern, matched against the path (routeTable.ts routePattern). */
    pattern: string;
    /** The server renders this page's first screen (routeTable.ts `firstPage`). */
    firstPage: boolean;
    /** The screen's chunks that the entry does not import. */
    preload: string[];
    /** Their stylesheets; for a first page also those of the parts the screen loads lazily. */
    css: string[];
  }[];
}
