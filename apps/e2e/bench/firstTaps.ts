/**
 * A visitor's first tap, as a person feels it: a cold load of a public page on a 375 px touch phone
 * (a desktop window for a column header), one second to read, then one tap on one control, measured
 * from the tap (the input event's time) to the frame that shows its effect. Per control the median
 * of FT_LOADS cold loads (5), each a fresh browser context (no cache, no service worker); with them
 * the page's INP as the `web-vitals` library reads it in the page, the longest main-thread task
 * from the load to the effect (PerformanceObserver 'longtask') and the largest contentful paint.
 *
 *   npm run bench:first-taps                         (this checkout's build)
 *   FT_BEFORE=<another checkout>/apps/server/dist/server.js npm run bench:first-taps
 *                                                    (two builds, interleaved load by load)
 *   FT_ONLY=menu,Sort (those controls only); FT_SHOTS=<dir> (a screenshot of each "never", and the
 *   page's errors and console printed)
 *
 * Generates the `realistic` club into a temp DATA_DIR and starts the real server(s) on it. A tap
 * whose effect has not shown 5 s after it counts as "never" (and is left out of the median); an INP
 * of 0 is an interaction under the Event Timing API's 16 ms threshold, a longest task of 0 none over 50 ms. Prints the figures; exits 0.
 * A benchmark, not a test.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import type { Browser, Page } from "playwright-core";
import { generateClub, PROFILES, startServer, type ServerProcess } from "@club/server/bench";
import { ensureWebBuild, launchBrowser, machineLine, median } from "./support";

const LOADS = Number.parseInt(process.env.FT_LOADS ?? "5", 10);
const BEFORE = process.env.FT_BEFORE;
const NEVER_MS = 5_000;
/** FT_ONLY=menu,sort: only the controls whose name contains one of these. */
const ONLY = process.env.FT_ONLY?.split(",");
const WEB_VITALS = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve("web-vitals")), "web-vitals.iife.js"),
  "utf8",
);

interface TapWindow {
  webVitals: { onINP: (report: (metric: { value: number }) => void, opts: object) => void };
}

/**
 * In every page before its scripts: the tap's time (the input event's, as the clock's epoch), INP,
 * the longest task, the largest paint. Kept in sessionStorage, which a link's page load keeps (the
 * replaying build's links load a new page), as the largest of each document's figures.
 */
function instrument() {
  const keep = (name: string, value: number, first = false) => {
    const was = Number(sessionStorage.getItem(name) ?? Number.NaN);
    if (Number.isNaN(was) || (!first && value > was)) sessionStorage.setItem(name, String(value));
  };
  for (const type of ["pointerdown", "input"])
    window.addEventListener(
      type,
      // A select's choice (its input event) counts from the choice, made after the first touch.
      (event) => keep("tapAt", performance.timeOrigin + event.timeStamp, type === "pointerdown"),
      true,
    );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) keep("longest", entry.duration);
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!sessionStorage.getItem("tapAt")) keep("lcp", entry.startTime);
  }).observe({ type: "largest-contentful-paint", buffered: true });
  document.addEventListener("DOMContentLoaded", () =>
    (window as unknown as TapWindow).webVitals.onINP((metric) => keep("inp", metric.value), {
      reportAllChanges: true,
      durationThreshold: 16,
    }),
  );
}

type Effect = { scheme: string } | { seen: string; at?: string } | { sortedBy: string };

/** Whether the page shows the effect (run in the page each frame: self-contained). */
function shows(effect: Effect): number | false {
  const on = (selector: string) =>
    [...document.querySelectorAll(selector)].some((el) => (el as HTMLElement).checkVisibility());
  const shown =
    "scheme" in effect
      ? document.documentElement.getAttribute("data-mantine-color-scheme") === effect.scheme
      : "seen" in effect
        ? (effect.at === undefined || location.pathname === effect.at) && on(effect.seen)
        : new URLSearchParams(location.search).get("sort") === effect.sortedBy;
  return shown && performance.timeOrigin + performance.now();
}

interface Control {
  name: string;
  path: (ids: { bottle: number }) => string;
  desktop?: true;
  /** The tap (or, for a select, the choice made right after the first touch). */
  act: (page: Page) => Promise<void>;
  /** The visible effect: the scheme applied, an element on view at a path, the library sorted by ABV. */
  effect: Effect;
}

const CONTROLS: Control[] = [
  {
    name: "theme toggle (/)",
    path: () => "/",
    act: (page) => page.getByRole("button", { name: "Light Mode" }).tap(),
    effect: { scheme: "light" },
  },
  {
    name: "menu (/about)",
    path: () => "/about",
    act: (page) => page.getByRole("button", { name: "Open navigation" }).tap(),
    effect: { seen: "#mobile-navigation nav a" },
  },
  {
    name: "search (/theme-ideas)",
    path: () => "/theme-ideas",
    act: (page) => page.getByRole("button", { name: "Search", exact: true }).tap(),
    effect: { seen: '[role="dialog"]' },
  },
  {
    name: "View Comments (/library-bottles)",
    path: () => "/library-bottles",
    act: (page) => page.getByRole("button", { name: "View Comments" }).first().tap(),
    effect: { seen: '[role="dialog"]' },
  },
  {
    name: "Sort select (/library-bottles)",
    path: () => "/library-bottles",
    act: async (page) => {
      const sort = page.getByRole("combobox", { name: "Sort" });
      await sort.tap();
      await sort.selectOption("abv:desc");
    },
    effect: { sortedBy: "abv" },
  },
  {
    name: "Login link, desktop (/about)",
    path: () => "/about",
    desktop: true,
    act: (page) => page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click(),
    effect: { seen: "main form", at: "/login" },
  },
  {
    name: "Back link (/bottle/{id})",
    path: ({ bottle }) => `/bottle/${bottle}`,
    act: (page) => page.getByRole("link", { name: "← Library Bottles" }).tap(),
    effect: { seen: "main table", at: "/library-bottles" },
  },
  {
    name: "column header, desktop (/library-bottles)",
    path: () => "/library-bottles",
    desktop: true,
    act: (page) => page.getByRole("button", { name: "ABV", exact: true }).click(),
    effect: { sortedBy: "abv" },
  },
];

interface Sample {
  tap: number;
  inp: number;
  longest: number;
  lcp: number;
}

async function measure(
  browser: Browser,
  server: ServerProcess,
  control: Control,
  bottle: number,
): Promise<Sample> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    ...(control.desktop
      ? { viewport: { width: 1366, height: 900 } }
      : { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
    serviceWorkers: "block",
  });
  try {
    // tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one.
    await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
    // The library's build declares a global `webVitals`; an init script runs in a function of its own.
    await context.addInitScript({ content: `${WEB_VITALS}\nwindow.webVitals = webVitals;` });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    if (process.env.FT_SHOTS) {
      page.on("pageerror", (e) => console.log("pageerror", control.name, String(e)));
      page.on("console", (m) => console.log("console", control.name, m.type(), m.text()));
    }
    await page.goto(control.path({ bottle }), { waitUntil: "load" });
    // One second to read.
    await page.waitForTimeout(1_000);
    await control.act(page);
    // The first frame that shows the effect (polled each frame), as the clock's epoch.
    const effectAt = await page
      .waitForFunction(shows, control.effect, { polling: "raf", timeout: NEVER_MS })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(async () => {
        if (process.env.FT_SHOTS)
          await page.screenshot({ path: `${process.env.FT_SHOTS}/${control.name.replace(/\W+/g, "_")}.png` });
        return Number.NaN;
      });
    // INP is reported once the interaction's frame is presented.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
    const w = await page.evaluate((at) => {
      const read = (name: string) => Number(sessionStorage.getItem(name) ?? Number.NaN);
      return { tap: at - read("tapAt"), inp: read("inp"), longest: read("longest"), lcp: read("lcp") };
    }, effectAt);
    return { ...w, tap: Number.isNaN(w.tap) ? Number.POSITIVE_INFINITY : w.tap };
  } finally {
    await context.close();
  }
}

async function main() {
  ensureWebBuild();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
  console.log(`First taps | ${machineLine()} | load ${load()}`);
  const dataDir = mkdtempSync(join(tmpdir(), "club-firsttaps-"));
  const club = await generateClub(dataDir, PROFILES.realistic);
  spawnSync("sync");
  const bottle = club.bottleIds[0]!;
  const builds = BEFORE ? [{ name: "before", entry: BEFORE }, { name: "after" }] : [{ name: "this build" }];
  const servers: ServerProcess[] = [];
  const browser = await launchBrowser();
  const samples = new Map<string, Sample[]>();
  const controls = CONTROLS.filter((c) => !ONLY || ONLY.some((word) => c.name.includes(word)));
  try {
    for (const build of builds) {
      const server = await startServer(dataDir, {
        timeoutMs: 60_000,
        env: { LOG_LEVEL: "warn" },
        entry: build.entry,
      });
      servers.push(server);
      // The server's first use of a page (loading the prerender module) is not a phone's cold load.
      for (const control of CONTROLS)
        await fetch(`${server.baseUrl}${control.path({ bottle })}`, { headers: { accept: "text/html" } });
    }
    // Interleaved: each control's loads alternate between the builds.
    for (const control of controls)
      for (let i = 0; i < LOADS; i++)
        for (const [b, build] of builds.entries()) {
          const key = `${build.name}|${control.name}`;
          samples.set(key, [
            ...(samples.get(key) ?? []),
            await measure(browser, servers[b]!, control, bottle),
          ]);
        }
  } finally {
    await browser.close();
    for (const server of servers) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${LOADS} cold loads per control and build, medians in ms | load ${load()}`);
  const cell = (values: number[]) => {
    const seen = values.filter(Number.isFinite);
    const never = values.length - seen.length;
    return `${seen.length ? median(seen).toFixed(0) : "-"}${never ? ` (${never} never)` : ""}`;
  };
  const columns = ["tap->effect", "INP", "longest task", "LCP"];
  console.log(
    `${"control".padEnd(42)} ${builds.map((b) => columns.map((c) => `${b.name} ${c}`.padStart(22)).join("")).join("")}`,
  );
  for (const control of controls) {
    const row = builds.map((b) => {
      const list = samples.get(`${b.name}|${control.name}`) ?? [];
      return [
        cell(list.map((s) => s.tap)),
        cell(list.map((s) => (Number.isNaN(s.inp) ? 0 : s.inp))),
        cell(list.map((s) => (Number.isNaN(s.longest) ? 0 : s.longest))),
        cell(list.map((s) => s.lcp)),
      ]
        .map((v) => v.padStart(22))
        .join("");
    });
    console.log(`${control.name.padEnd(42)} ${row.join("")}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
