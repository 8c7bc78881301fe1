import { defineConfig } from "vitest/config";

/**
 * The browser files `npm test` runs: the spec's flows for visitors and members, the session and its
 * security, the meeting night with a guest and its screens, the first pages (prerender, layout
 * shift, JS budget), the activity log's sentences, undo, the installed app; since issue 24's
 * second pass also the night on paper, the library's search and paging, backups, imports and
 * exports, single sign-on, the cellar, merges and stats, the offline reads' table.
 * The rest (the screen-by-screen phone and theme walks, axe on every route, the dues ledger's and
 * calendar's screens, the phone's validation messages, the photo upload) take 2-8 minutes each on
 * a 2-core machine: `npm run test:e2e:all` (E2E_ALL=1) runs every file.
 */
const NPM_TEST_FILES = [
  "bundle-budget",
  "visitor",
  "member-journey",
  "membership",
  "meeting-night",
  "session",
  "xss",
  "login-rate-limit",
  "guests",
  "library-prerender",
  "first-pages-prerender",
  "public-pages-cls",
  "meeting-night-screens",
  "activity-sentences",
  "corrections",
  "pwa",
  // Back in `npm test` since issue 24's second pass (a worker keeps its modules and its Chromium).
  "pwa-public-reads",
  "paper",
  "library-search",
  "library-paging",
  "backups",
  "import-export",
  "oidc",
  "cellar",
  "merge-stats",
  // Session 10: every Mantine part of a screen has its styles (a SegmentedControl's highlight did not).
  "mantine-styles",
];

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
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
