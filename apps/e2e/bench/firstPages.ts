/**
 * A phone's cold load of each public page, from navigation to the page's largest paint.
 *
 *   npm run bench:first-pages -w @club/e2e     (FP_LOADS=5 loads per page per round, FP_ROUNDS=3)
 *   FP_BEFORE=/path/to/other/apps/server/dist/server.js ...   (compares two builds, interleaved)
 *
 * Generates the `realistic` club into a temp DATA_DIR and starts the real server on it (this
 * checkout's build; with FP_BEFORE, another build's server.js, which serves its own apps/web/dist,
 * in alternate rounds on the same data). Each load is a fresh browser context (no cache, no
 * service worker) on a 375 x 812 phone (touch, device scale 2). Measured in the page: the largest
 * contentful paint's time (PerformanceObserver 'largest-contentful-paint', the frame's presentation
 * time, as Element Timing reports it for the library's rows in bench/librarySort.ts), and, as a
 * visitor's page loads the app when first used, how long after a first key press the app is in
 * charge (#root no longer carries the server's prerendered markup, and has content).
 * Prints the medians per page and build. Exits 0.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { generateClub, PROFILES, startServer } from "@club/server/bench";
import { ensureWebBuild, launchBrowser, machineLine, median } from "./support";

const LOADS = Number.parseInt(process.env.FP_LOADS ?? "5", 10);
const ROUNDS = Number.parseInt(process.env.FP_ROUNDS ?? "3", 10);
const BEFORE = process.env.FP_BEFORE;

interface FpWindow {
  __lcp: number;
  __appAt: Promise<number>;
}

function instrument() {
  const w = window as unknown as FpWindow;
  w.__lcp = Number.NaN;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  w.__appAt = new Promise<number>((resolve) => {
    const check = () => {
      const root = document.getElementById("root");
      if (!root || root.hasAttribute("data-prerendered") || !root.querySelector("main")) return false;
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      return true;
    };
    const observer = new MutationObserver(() => {
      if (check()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  });
}

async function main() {
  ensureWebBuild();
  console.log(
    `First pages, phone cold loads | ${machineLine()} | load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), "club-firstpages-"));
  const club = await generateClub(dataDir, PROFILES.realistic);
  spawnSync("sync");
  const pages: Record<string, string> = {
    "/": "/",
    "/library-bottles": "/library-bottles",
    "/theme-ideas": "/theme-ideas",
    "/bottle/{id}": `/bottle/${club.bottleIds[0]}`,
    "/monthlymeeting/{id}": `/monthlymeeting/${club.meetingIds[0]}`,
    "/about": "/about",
  };
  const builds: { name: string; entry?: string }[] = BEFORE
    ? [{ name: "before", entry: BEFORE }, { name: "after" }]
    : [{ name: "this build" }];
  const lcp = new Map<string, number[]>();
  const app = new Map<string, number[]>();
  const browser = await launchBrowser();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const build of builds) {
        const server = await startServer(dataDir, {
          timeoutMs: 60_000,
          env: { LOG_LEVEL: "warn" },
          entry: build.entry,
        });
        try {
          // The server's first use of a page (loading the prerender module) is not a phone's cold load.
          for (const path of Object.values(pages))
            await fetch(`${server.baseUrl}${path}`, { headers: { accept: "text/html" } });
          for (const [name, path] of Object.entries(pages)) {
            for (let load = 0; load < LOADS; load++) {
              const context = await browser.newContext({
                baseURL: server.baseUrl,
                viewport: { width: 375, height: 812 },
                isMobile: true,
                hasTouch: true,
                deviceScaleFactor: 2,
                serviceWorkers: "block",
              });
              // tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one.
              await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
              await context.addInitScript(instrument);
              const page = await context.newPage();
              await page.goto(path, { waitUntil: "load" });
              // LCP entries reach the observer a task or two after their frame.
              await page.waitForFunction(() => !Number.isNaN((window as unknown as FpWindow).__lcp));
              await page.evaluate(
                () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
              );
              const lcpAt = await page.evaluate(() => (window as unknown as FpWindow).__lcp);
              // A visitor's page loads the app when first used (the boot script): a key press, then
              // the time until the app is in charge, from that press.
              const usedAt = await page.evaluate(() => performance.now());
              await page.keyboard.press("Shift");
              const appAt = (await page.evaluate(() => (window as unknown as FpWindow).__appAt)) - usedAt;
              const key = `${build.name} ${name}`;
              lcp.set(key, [...(lcp.get(key) ?? []), lcpAt]);
              app.set(key, [...(app.get(key) ?? []), appAt]);
              await context.close();
            }
          }
        } finally {
          server.child.kill("SIGTERM");
          await server.exited;
        }
      }
    }
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n${LOADS * ROUNDS} loads per page and build (${ROUNDS} interleaved rounds), medians in ms | load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `${"page".padEnd(22)} ${builds.map((b) => `${`${b.name} LCP`.padStart(16)} ${`${b.name} app/use`.padStart(16)}`).join(" ")}`,
  );
  for (const name of Object.keys(pages)) {
    const cells = builds.map((b) => {
      const key = `${b.name} ${name}`;
      return `${median(lcp.get(key) ?? [])
        .toFixed(0)
        .padStart(16)} ${median(app.get(key) ?? [])
        .toFixed(0)
        .padStart(16)}`;
    });
    console.log(`${name.padEnd(22)} ${cells.join(" ")}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
