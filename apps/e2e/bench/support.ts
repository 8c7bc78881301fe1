/**
 * Shared plumbing of the web benchmarks (`npm run bench:web`, `npm run lighthouse`): a generated
 * club in a temp DATA_DIR, the real server as a child process serving apps/web/dist, and Debian's
 * Chromium. Nothing here is a test: the scripts print figures and exit 0.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import {
  generateClub,
  PROFILES,
  type GeneratedClub,
  startServer,
  type ServerProcess,
} from "@club/server/bench";

import { CHROME_PATH, launchChromium } from "../src/support/chromium";

export { CHROME_FLAGS, CHROME_PATH } from "../src/support/chromium";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const webDist = join(repoRoot, "apps", "web", "dist");

/** Builds the web app only when there is no build (the server serves apps/web/dist). */
export function ensureWebBuild(): void {
  if (existsSync(join(webDist, "index.html"))) return;
  console.log("No web build: running `npm run build -w @club/web` ...");
  const result = spawnSync("npm", ["run", "build", "-w", "@club/web"], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error("the web build failed");
}

export interface BenchClub {
  club: GeneratedClub;
  server: ServerProcess;
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Generates a club with the server's bench generator and starts the real server on it. */
export async function startBenchClub(profileName: keyof typeof PROFILES): Promise<BenchClub> {
  const dataDir = mkdtempSync(join(tmpdir(), `club-webbench-${profileName}-`));
  const started = Date.now();
  const club = await generateClub(dataDir, PROFILES[profileName]);
  console.log(
    `${profileName} club generated in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${club.counts.bottles} bottles, ${club.counts.meetings} meetings, ${club.counts.comments} comments, ` +
      `${club.counts.bottlesWithImage} bottles with an image`,
  );
  // Let the disk finish writing the club (thousands of files, photos among them) before anything is
  // timed: on our VM the write-back otherwise ran through the first measurements (iowait).
  spawnSync("sync");
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  // The read cache stays on (the default): this is the server as members run it.
  // BENCH_SERVER=<another build>/apps/server/dist/server.js measures that build (it serves its own web build).
  const server = await startServer(dataDir, {
    timeoutMs: 60_000,
    env: { LOG_LEVEL: "warn" },
    entry: process.env.BENCH_SERVER,
  });
  return {
    club,
    server,
    baseUrl: server.baseUrl,
    stop: async () => {
      server.child.kill("SIGTERM");
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const launchBrowser = (): Promise<Browser> => launchChromium();

/** One line that says where the figures come from. */
export function machineLine(): string {
  const cpu = cpus();
  const version = spawnSync(CHROME_PATH, ["--version"], { encoding: "utf8" }).stdout.trim();
  return `${new Date().toISOString()} | ${cpu.length} x ${cpu[0]?.model.trim() ?? "unknown CPU"} | node ${process.version} | ${version}`;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const ms = (value: number) => `${value.toFixed(1)} ms`;
