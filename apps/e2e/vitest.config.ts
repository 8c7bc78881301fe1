import { defineConfig } from "vitest/config";

// Browser tests: one file at a time (each starts its own server and Chromium on a 2-core machine).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
