import { defineConfig } from "vitest/config";

// Browser tests: two files at a time (each file starts its own in-process server and Chromium;
// on a 2-core machine one file alone leaves a core idle while it waits on the browser).
// E2E_WORKERS=1 runs them one after another again (to tell load from a real failure).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2) || 2,
    pool: "forks",
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
