import { basename } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The browser files `npm test` runs: the floor's flows for visitors and members, the session and its
 * security, the meeting night with a guest and its screens, the first pages (prerender, layout
 * shift, JS budget), the activity log's sentences, undo, the installed app; also
 * the night on paper, the library's search and paging, backups, imports and
 * exports, single sign-on, the cellar, merges and stats, the offline reads' table; and a host's
 * night as its four people do it (host-night).
 * The rest (the screen-by-screen phone and theme walks, axe on every route, the dues ledger's and
 * calendar's screens, the phone's validation messages, the photo upload) take 2-8 minutes each on
 * a 2-core machine: `npm run test:e2e:all` (E2E_ALL=1) runs every file.
 */
const NPM_TEST_FILES = [
  // Listed longest first, which is the order they run in (ListedOrder below); the seconds are each
  // file's median in five CI rehearsals, two files at a time.
  "visitor", // 46 s
  // Every control of each public page tapped first, on a phone and a desktop (67 s alone, loaded).
  "first-taps",
  "membership", // 33 s
  // A new club's first admin to its first meeting on Home, an invited member answering by email.
  "new-club", // 30 s
  "pwa", // 33 s
  "member-journey", // 33 s
  // A member's bell counts the reveal's notification without a reload; its page opens it.
  "notifications",
  "first-pages-prerender", // 32 s
  "meeting-night", // 30 s
  // A host's night end to end: four people on four phones, from Add Meeting to the printed sheets.
  "host-night", // 30 s
  // Every Mantine part of a screen has its styles (a SegmentedControl's highlight did not).
  "mantine-styles", // 23 s
  "meeting-night-screens", // 21 s
  "backups", // 21 s
  // The club's own money and rules: an admin's Club settings, About and the treasurer in kronor.
  "club-settings",
  "merge-stats", // 20 s
  "treasurer-year", // the treasurer's year: an opening, a waiver, a void, the report
  // A member's dues, the treasurer's payment and report on a phone in German (euros) and Japanese.
  "dues-languages",
  "library-paging", // 19 s
  "xss", // 18 s
  "library-search", // 16 s
  "corrections", // 15 s
  "public-pages-cls", // 14 s
  "session", // 14 s
  // API tokens made on the Account page and used over HTTP.
  "account-security",
  // Two-factor sign-in set up on a phone, then a login with the app's code and with a recovery code.
  "two-factor",
  "import-export", // 13 s
  // A CellarTracker export with the review step: matches confirmed or changed, the ABV given.
  "catalogue-import",
  "paper", // 13 s
  "oidc", // 10 s
  "guests", // 7 s
  // A night in German on phones (a member, the host, a guest), then in Japanese: texts and formats.
  "night-languages",
  // The room's palate after the reveal and a member's taste, on phones in both themes.
  "palate",
  // A barcode at the shelf: a generated barcode as Chromium's fake camera, read on a phone.
  "barcode-scan",
  // Hosts and themes chosen at the prior meeting, and the host writing to the club, on phones.
  "between-nights",
  // Webhooks on a phone: an admin adds one, presses Test, reads the delivery.
  "webhooks",
  // A member's phone shows the reveal: the service worker's push handler through DevTools.
  "phone-push",
  // Passkeys added on the Account page and used to sign in, with Chromium's virtual authenticator.
  "passkeys",
  // Theme ideas, Stats and the Wishlist in German on a phone, in euros; Japanese for a look.
  "german-screens",
  "cellar", // 7 s
  "library-prerender", // 4 s
  "activity-sentences", // 4 s
  // A club's website on another origin frames the next-meeting card and reads the public data.
  "embed",
  // The club under APP_URL's path behind a real nginx: pages, API, live stream, service worker.
  "under-a-path",
  "login-rate-limit", // 2 s
  // The app in German (a member's choice), Japanese (a visitor's browser) and the pseudo-locale, on phones.
  "languages",
  // Every screen in the pseudo-locale (no text outside the catalogues) and in German, on a phone.
  "pseudo-tour",
  // A new club from an empty database in French and in Swedish: sign-up by email, its money and
  // dues, the first meeting, the night's results, the treasurer's payment and report.
  "new-club-languages",
  "bundle-budget", // 0 s
  "pwa-public-reads", // 0 s
];

/**
 * The files run longest first, so the two workers finish together. Without timings of an earlier
 * run (a clean clone has none) vitest runs the largest files first: then public-pages-cls (14 s)
 * ran last, alone, 9-11 s after the other worker had finished, in each of five CI
 * rehearsals. The files outside the list (E2E_ALL: 2-8 minutes each) come first.
 */
class ListedOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => NPM_TEST_FILES.indexOf(basename(file.moduleId, ".test.ts"));
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

// Two files at a time (each file starts its own in-process server and Chromium; on a 2-core
// machine one file alone leaves a core idle while it waits on the browser).
// E2E_WORKERS=1 runs them one after another again (to tell load from a real failure).
export default defineConfig({
  test: {
    include: process.env.E2E_ALL ? ["src/**/*.test.ts"] : NPM_TEST_FILES.map((name) => `src/${name}.test.ts`),
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2) || 2,
    pool: "forks",
    // A worker keeps its imported modules from one file to the next: the server's ~1,000 modules,
    // playwright and the first pages' prerender module were imported again for each file (import
    // ~4 s of every file). Every file still starts its own server on its own temp data dir (on the
    // port the worker's last club used, support/server.ts), in the worker's one Chromium
    // (support/chromium.ts), whose pages a file's closed sessions leave, cleared, for the next
    // (support/browser.ts).
    isolate: false,
    // One snapshot of the web build for the run (support/globalSetup.ts).
    globalSetup: ["src/support/globalSetup.ts"],
    sequence: { sequencer: ListedOrder },
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
