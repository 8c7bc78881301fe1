import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Two files at a time: vitest's default on a 2-core machine is one (cores - 1), and a file
    // mostly runs JavaScript on one core. SERVER_TEST_WORKERS=1 runs them one by one again.
    maxWorkers: Number(process.env.SERVER_TEST_WORKERS ?? 2) || 2,
    // V8 without its helper threads in the test workers: garbage collection and optimizing
    // compilation run on the test's own thread. Two workers keep both cores busy, where the helper
    // threads' hand-offs cost more than they save: 7-16 % less CPU and 6-14 s less wall time for
    // the suite in three interleaved pairs (docs/benchmarks.md). The tests' Chromium
    // runs the same way (apps/e2e/src/support/chromium.ts). The servers the tests start as
    // processes (dist/server.js), like the app in production, run V8 as it comes.
    execArgv: ["--single-threaded"],
    // A worker keeps its imported modules from one file to the next (the app's ~1,000 modules were
    // imported again for each of ~60 files). Every file builds its own app on its own temp data
    // dir; module-level state is caches only (see docs/decisions.md).
    isolate: false,
    globalSetup: ["test/globalSetup.ts"],
  },
});
