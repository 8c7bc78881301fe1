/**
 * Lighthouse on the real server with a realistic club.
 *
 *   npm run lighthouse            (root; LH_RUNS=3 runs per page by default, the median is shown;
 *                                  LH_PAGES=home,library,themes,bottle,meeting,about picks pages)
 *
 * Generates the `realistic` club (500 bottles, 120 meetings, 2,000 comments, images) into a temp
 * DATA_DIR, starts the real server serving apps/web/dist (built first only when missing), and runs
 * Lighthouse (programmatic API, Lighthouse's default mobile form factor and simulated throttling)
 * in Debian's Chromium started by chrome-launcher, on the six public pages: /, /library-bottles,
 * /theme-ideas, /bottle/{id} (a bottle with an image), /monthlymeeting/{id} and /about. Prints the four category scores and FCP/LCP/TBT/CLS per page, and
 * whether the targets hold: performance >= 95, accessibility 100, best practices >= 95.
 * Exits 0 either way; LH_REPORT_DIR keeps the JSON reports. BENCH_SERVER=<another build's
 * apps/server/dist/server.js> measures that build instead (a before/after comparison).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { CHROME_FLAGS, CHROME_PATH, ensureWebBuild, machineLine, startBenchClub } from "./support";

const RUNS = Math.max(1, Number.parseInt(process.env.LH_RUNS ?? "3", 10));
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95 } as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface PageResult {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  failing: string[];
  lhr: Result;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** Audits that cost points: failed binary audits and metric/opportunity audits under 0.9. */
function failingAudits(lhr: Result): string[] {
  const ids = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || ref.weight === 0) continue;
      if (audit.score < (audit.scoreDisplayMode === "binary" ? 1 : 0.9))
        ids.add(`${category}: ${ref.id} (${audit.score})`);
    }
  }
  return [...ids];
}

async function main() {
  ensureWebBuild();
  const reportDir = process.env.LH_REPORT_DIR ?? mkdtempSync(join(tmpdir(), "club-lighthouse-"));
  mkdirSync(reportDir, { recursive: true });
  const machine = machineLine();
  console.log(`Lighthouse | ${machine}`);
  const bc = await startBenchClub("realistic");
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", ...CHROME_FLAGS],
    logLevel: "error",
  });
  const results: PageResult[] = [];
  try {
    // The generator gives the first bottles an image.
    const bottleWithImage = bc.club.bottleIds[0];
    // LH_PAGES=home,about (home, library, bottle, about) runs only those.
    const pages: Record<string, string> = {
      home: "/",
      library: "/library-bottles",
      themes: "/theme-ideas",
      bottle: `/bottle/${bottleWithImage}`,
      meeting: `/monthlymeeting/${bc.club.meetingIds[0]}`,
      about: "/about",
    };
    const wanted = (process.env.LH_PAGES ?? Object.keys(pages).join(",")).split(",").map((p) => p.trim());
    const paths = wanted.map((name) => {
      const path = pages[name];
      if (!path) throw new Error(`LH_PAGES: unknown page ${name} (${Object.keys(pages).join(", ")})`);
      return path;
    });
    for (const path of paths) {
      const runs: PageResult[] = [];
      for (let run = 0; run < RUNS; run++) {
        let lhr: Result | undefined;
        // A trace now and then comes back broken (NO_NAVSTART, NO_FCP): Lighthouse says to run again.
        for (let attempt = 1; !lhr; attempt++) {
          const answer = await lighthouse(`${bc.baseUrl}${path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
          });
          if (!answer) throw new Error(`no Lighthouse result for ${path}`);
          const error = answer.lhr.runtimeError;
          if (!error) lhr = answer.lhr;
          else if (attempt >= 3) throw new Error(`${path}: ${error.code} ${error.message}`);
          else console.log(`  ${path}: ${error.code}, running again`);
        }
        runs.push({
          path,
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])) as PageResult["scores"],
          metrics: {
            fcp: numeric(lhr, "first-contentful-paint"),
            lcp: numeric(lhr, "largest-contentful-paint"),
            tbt: numeric(lhr, "total-blocking-time"),
            cls: numeric(lhr, "cumulative-layout-shift"),
            si: numeric(lhr, "speed-index"),
          },
          failing: failingAudits(lhr),
          lhr,
        });
      }
      // The run with the median performance score stands for the page.
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      const name = path === "/" ? "home" : path.replace(/^\//, "").replace(/\W+/g, "-");
      writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(median.lhr));
      results.push(median);
      console.log(
        `  ${path}: performance ${runs.map((r) => r.scores.performance).join(", ")} (median ${median.scores.performance})`,
      );
    }
  } finally {
    chrome.kill();
    await bc.stop();
  }

  const lhVersion = results[0]?.lhr.lighthouseVersion ?? "?";
  const formFactor = results[0]?.lhr.configSettings.formFactor ?? "?";
  const throttling = results[0]?.lhr.configSettings.throttlingMethod ?? "?";
  console.log("");
  console.log(
    `Lighthouse ${lhVersion}, ${formFactor}, ${throttling} throttling, median of ${RUNS} run(s) per page | ${machine}`,
  );
  console.log(
    `${"page".padEnd(18)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"best".padStart(5)} ${"seo".padStart(5)}   ${"FCP".padStart(7)} ${"LCP".padStart(7)} ${"TBT".padStart(6)} ${"CLS".padStart(6)}`,
  );
  let allMet = true;
  for (const r of results) {
    const met =
      r.scores.performance >= TARGETS.performance &&
      r.scores.accessibility >= TARGETS.accessibility &&
      r.scores["best-practices"] >= TARGETS["best-practices"];
    allMet &&= met;
    const path = r.path.replace(/^\/(bottle|monthlymeeting)\/\d+$/, "/$1/{id}");
    console.log(
      `${path.padEnd(18)} ${String(r.scores.performance).padStart(5)} ${String(r.scores.accessibility).padStart(5)} ${String(r.scores["best-practices"]).padStart(5)} ${String(r.scores.seo).padStart(5)}   ` +
        `${(r.metrics.fcp / 1000).toFixed(2).padStart(6)}s ${(r.metrics.lcp / 1000).toFixed(2).padStart(6)}s ${Math.round(r.metrics.tbt).toString().padStart(4)}ms ${r.metrics.cls.toFixed(3).padStart(6)}  ${met ? "ok" : "BELOW TARGET"}`,
    );
  }
  console.log("");
  for (const r of results) {
    if (r.failing.length) console.log(`${r.path} loses points on:\n    ${r.failing.join("\n    ")}`);
  }
  console.log(`Reports (JSON, open with https://googlechrome.github.io/lighthouse/viewer/): ${reportDir}`);
  console.log(
    allMet
      ? `TARGETS MET on every page: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS["best-practices"]}.`
      : `TARGETS NOT MET (performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS["best-practices"]}): see the rows marked BELOW TARGET.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
