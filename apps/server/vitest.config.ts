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
    // A worker keeps its imported modules from one file to the next (the app's ~1,000 modules were
    // imported again for each of ~60 files). Every file builds its own app on its own temp data
    // dir; module-level state is caches only (see docs/decisions.md, issue 24).
    isolate: false,
    globalSetup: ["test/globalSetup.ts"],
  },
});
