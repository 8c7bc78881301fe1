// No imports but types: apps/web/vite.routePreload.ts (run by Node when Vite loads its config)
// imports this file by its path, so the boot script, the web app and the server read the same names.
import type { QueryPath } from "@club/api";

/** The prerendered page's data: <script type="application/json" id=...> (server prerender, web pageData, boot script). */
export const PAGE_DATA_ELEMENT_ID = "club-page-data";
/** One read a prerendered screen made, with its answer as a visitor gets it (the page carries it for the app). */
export interface PageRead {
  procedure: QueryPath;
  input: unknown;
  data: unknown;
}
/** Answers a read as a visitor would get it (the server's tRPC caller); throws when it is refused. */
export type ReadAsVisitor = (procedure: QueryPath, input: unknown) => Promise<unknown>;
/** In a prerendered page, the app's entry and module preloads, which the boot script loads (for a member at once, for a visitor when first used). */
export const APP_SCRIPTS_ELEMENT_ID = "club-app-scripts";
/**
 * A cookie that says "a member is signed in on this browser" (no secret: the session is in
 * localStorage). Set by the boot script and the session on sign-in, cleared on sign-out; the server
 * keeps Cross-Origin-Opener-Policy on a prerendered public page only for a browser that sends it.
 */
export const MEMBER_HINT_COOKIE = "club_member";
