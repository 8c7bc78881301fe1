// The names the web app and the server share about a page the server renders first. A read is
// named by its procedure; both sides name the type (`PageRead<QueryPath>`), as this package knows
// no router.

/** The prerendered page's data: <script type="application/json" id=...> (server prerender, web pageData). */
export const PAGE_DATA_ELEMENT_ID = "club-page-data";
/** One read a prerendered screen made, with its answer as a visitor gets it (the page carries it for the app). */
export interface PageRead<Procedure extends string = string> {
  procedure: Procedure;
  input: unknown;
  data: unknown;
}
/** Answers a read as a visitor would get it (the server's tRPC caller); throws when it is refused. */
export type ReadAsVisitor<Procedure extends string = string> = (
  procedure: Procedure,
  input: unknown,
) => Promise<unknown>;
/**
 * A cookie that says "a member is signed in on this browser" (no secret: the session is in
 * localStorage). Set by the app as it starts and on sign-in, cleared on sign-out; the server
 * keeps Cross-Origin-Opener-Policy on a prerendered public page only for a browser that sends it.
 */
export const MEMBER_HINT_COOKIE = "club_member";
