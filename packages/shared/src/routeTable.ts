/**
 * The web app's one route table: each screen is declared here once, and every place
 * that needs to know the routes reads it:
 *   - apps/web's routes.tsx: the router's routes, each screen a lazy chunk (src/screens/<screen>.tsx);
 *   - apps/web's components/NavLinks.tsx: the menus' links (`nav`);
 *   - apps/web's sw/publicReads.ts: the reads the service worker keeps for offline use (`offline`);
 *   - the server (app/pageHints.ts): each path's screen, its files from Vite's build manifest as
 *     preloads, and which pages it renders first (`firstPage`, with apps/web's ssr/prerender.tsx,
 *     which it gives the route).
 * Plain data: it knows no router, so a read is a string here. The table keeps each read's literal
 * name (`routeTable()`), and the server checks them against its reads (app/sharedChecks.ts), as
 * the service worker's OFFLINE_READS does.
 */

export interface RouteEntry<Read extends string = string> {
  /** The router's path (react-router syntax); a `:xxxId` parameter is a positive integer id. */
  path: string;
  /** The screen's module under src/screens, without .tsx (its default export is the screen). */
  screen: string;
  /** A link in the menus: for everyone, or only for a signed-in member. */
  nav?: { label: string; members?: true };
  /**
   * Public cached reads (the same answer for every caller) the service worker may keep for this
   * screen offline (apps/e2e/src/pwa-public-reads.test.ts checks each against the router).
   */
  offline?: readonly Read[];
  /**
   * The server renders this page's first screen into the page, with the reads it makes as a visitor
   * (every page a visitor can open and that reads the club's data).
   */
  firstPage?: true;
  /**
   * The query parameters the screen reads (none when absent). A first page is rendered and kept
   * once for each of their values; any other parameter (`?utm_source=...`, or a random one sent to
   * make the server render anew) is left out, and the page kept for the rest is served.
   */
  query?: readonly string[];
}

/** The table as written, each read's name kept as its literal type. */
const routeTable = <const Read extends string>(table: readonly RouteEntry<Read>[]) => table;

/** In the menus' order: the entries with `nav` are the links, top to bottom. */
export const ROUTE_TABLE = routeTable([
  {
    path: "/",
    screen: "Meetings/MeetingsPage",
    nav: { label: "Home" },
    offline: ["meetings.list"],
    firstPage: true,
  },
  {
    path: "/library-bottles",
    screen: "LibraryBottles/LibraryBottlesPage",
    // The first page of GET /api/Bottles/Search: the plain library asks for exactly {}.
    nav: { label: "Library Bottles" },
    offline: [
      "search.bottles",
      "lookups.brands",
      "lookups.drinkTypes",
      "lookups.countries",
      "lookups.states",
    ],
    firstPage: true,
    // The library's view (libraryView.ts: readView and writeView): search, filters, sort, page.
    query: [
      "q",
      "type",
      "country",
      "region",
      "status",
      "abvMin",
      "abvMax",
      "priceMin",
      "priceMax",
      "photo",
      "poured",
      "scoreMin",
      "scoreMax",
      "sort",
      "dir",
      "page",
    ],
  },
  {
    path: "/shelf",
    screen: "Shelf/ShelfPage",
    nav: { label: "Shelf" },
    offline: ["cellar.shelf"],
    firstPage: true,
  },
  {
    path: "/theme-ideas",
    screen: "ThemeIdeas/ThemeIdeasPage",
    nav: { label: "Theme Ideas" },
    offline: ["themes.list"],
    firstPage: true,
  },
  {
    path: "/stats",
    screen: "Stats/StatsPage",
    nav: { label: "Stats" },
    offline: ["stats.get"],
    firstPage: true,
  },
  { path: "/about", screen: "About/AboutPage", nav: { label: "About" }, firstPage: true },
  // Pages only a signed-in member has in the menus.
  { path: "/journal", screen: "MeetingNight/JournalPage", nav: { label: "Journal", members: true } },
  { path: "/wishlist", screen: "Wishlist/WishlistPage", nav: { label: "Wishlist", members: true } },
  // The member's activity names bottles from the list and the lookups (useNameBook).
  {
    path: "/activity",
    screen: "Activity/ActivityPage",
    nav: { label: "Activity", members: true },
    offline: ["bottles.list"],
  },
  {
    path: "/bottle/:bottleId",
    screen: "BottleDetails/BottleDetailsPage",
    offline: ["bottles.byId", "comments.byBottle", "night.bottlePours", "bottles.options"],
    firstPage: true,
  },
  {
    path: "/monthlymeeting/:meetingId",
    screen: "MeetingDetails/MeetingDetailsPage",
    offline: ["meetings.byId"],
    firstPage: true,
  },
  { path: "/login", screen: "Login/LoginPage" },
  { path: "/register", screen: "Register/RegisterPage" },
  { path: "/confirm-email", screen: "ConfirmEmail/ConfirmEmailPage" },
  { path: "/forgot-password", screen: "ForgotPassword/ForgotPasswordPage" },
  { path: "/reset-password", screen: "ResetPassword/ResetPasswordPage" },
  // Member screens (the results of a night are public once revealed).
  { path: "/account", screen: "Account/AccountPage" },
  { path: "/notifications", screen: "Notifications/NotificationsPage" },
  { path: "/members", screen: "Members/MembersPage" },
  { path: "/meeting/:meetingId/score/:pour", screen: "MeetingNight/ScorePage" },
  {
    path: "/meeting/:meetingId/results",
    screen: "MeetingNight/ResultsPage",
    firstPage: true,
  },
  // The night's paper: members only.
  { path: "/meeting/:meetingId/print/tasting", screen: "MeetingNight/PaperPage" },
  { path: "/meeting/:meetingId/print/results", screen: "MeetingNight/PaperPage" },
  { path: "/dues", screen: "Dues/DuesPage" },
  { path: "/treasurer", screen: "Treasurer/TreasurerPage" },
  { path: "/treasurer/report", screen: "Treasurer/ReportPage" },
  { path: "/admin/backups", screen: "Backups/BackupsPage" },
  { path: "/admin/club", screen: "ClubSettings/ClubSettingsPage" },
  { path: "/admin/webhooks", screen: "Webhooks/WebhooksPage" },
  { path: "/rsvp", screen: "Rsvp/RsvpPage" },
  // Single sign-on's landing: trades the one-time code in the fragment for the tokens.
  { path: "/login/sso", screen: "SsoLanding/SsoLandingPage" },
  { path: "/import", screen: "Import/ImportPage" },
  // Guests at the table: the guest's calls carry their guest pass.
  { path: "/join", screen: "Join/JoinPage" },
  { path: "/guest/:meetingId", screen: "Join/GuestNightPage" },
]);

/**
 * Reads the service worker may keep that belong to no one screen: the header's club search, and
 * the club's scores (asked by no screen today; kept so the offline cache behaves as before).
 */
export const APP_SHELL_OFFLINE_READS = ["search.everything", "night.clubScores"] as const;

/** The screen shown for any other path. */
export const NOT_FOUND_SCREEN = "NotFound/NotFoundPage";

/**
 * The route's path as a pattern the server matches a page's path against (a trailing slash
 * allowed): a parameter is a positive integer id of at most 9 digits (a pour's number too).
 */
export const routePattern = (path: string) =>
  path === "/" ? "^/$" : `^${path.replace(/:\w+/g, "[1-9]\\d{0,8}")}/?$`;
