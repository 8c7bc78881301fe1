import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts"],
    // A worker keeps its imported modules from one file to the next, and two files run at a time
    // (vitest's default on a 2-core machine is one): the files build their own fakes of the
    // browser (no globals, no module mocks), and importing the app's modules again for each of
    // ~50 files was 80 % of the run: 36 s of CPU against 7 s.
    isolate: false,
    maxWorkers: 2,
  },
});
