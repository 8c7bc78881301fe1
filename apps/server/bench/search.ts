/**
 * npm run bench:search -w @club/server: the library search on the stress club.
 *
 * Generates the stress club (10,000 bottles, 50,000 comments; bench/generator.ts) into a temp
 * DATA_DIR, starts the real server on it with the read cache off (READ_CACHE=false: every request
 * runs its queries) and asks, one request at a time over a keep-alive connection, a mix of
 * searches: words, substrings, typos (the fuzzy fallback), accents, filters, every sort column, a
 * deep page, the navigation bar's search and Similar (as a member). Prints median, p99 and max per
 * kind (the round trip on loopback: HTTP, validation, the queries and the JSON) and says whether
 * p99 < 20 ms. Exits 0.
 *
 *   BENCH_SEARCH_REPEAT=3   how many times each URL is asked (after one warm-up pass)
 *   BENCH_SEARCH_DIR=dir    use a club generated before (`tsx bench/generator.ts dir stress`)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { generateClub, STRESS } from "./generator";
import { firstMemberToken, startServer } from "./serverProcess";

const REPEAT = Math.max(1, Number(process.env.BENCH_SEARCH_REPEAT ?? 3));
const TARGET_MS = 20;

const WORDS = ["glen", "oak", "barrel", "peated", "sherry", "copper", "forester", "ridge", "cask", "reserve"];
const TYPOS = [
  "glenfidich",
  "forrester",
  "lommond",
  "sherri",
  "coper fox",
  "stoen creek",
  "peatd",
  "cedr hill",
];

const kinds: Record<string, string[]> = {
  "q: one word": WORDS.map((w) => `/api/Bottles/Search?q=${w}`),
  "q: two words + sort": WORDS.map(
    (w, i) => `/api/Bottles/Search?q=${w}%20${WORDS[(i + 3) % WORDS.length]}&sort=abv`,
  ),
  "q: substring": ["idd", "rest", "omon", "ppe", "arre", "tone"].map((w) => `/api/Bottles/Search?q=${w}`),
  "q: typo (fuzzy)": TYPOS.map((w) => `/api/Bottles/Search?q=${encodeURIComponent(w)}`),
  "q: accents / whiskey": ["glénfiddich", "whiskey", "Lömond"].map(
    (w) => `/api/Bottles/Search?q=${encodeURIComponent(w)}`,
  ),
  "q: comment text": ["campfire", "seaweed", "chocolate"].map((w) => `/api/Bottles/Search?q=${w}`),
  "no q: sort each column": [
    "name",
    "brand",
    "type",
    "country",
    "region",
    "abv",
    "price",
    "status",
    "costPerPour",
    "clubScore",
  ].map((s) => `/api/Bottles/Search?sort=${s}&dir=desc`),
  "no q: filters": [
    "status=open",
    "poured=yes&sort=clubScore&dir=desc",
    "abvMin=50&abvMax=55&priceMax=80",
    "hasPhoto=yes&sort=costPerPour",
    "scoreMin=80",
    "type=1&country=1",
  ].map((f) => `/api/Bottles/Search?${f}`),
  "no q: deep page": ["page=150", "page=199&sort=brand"].map((f) => `/api/Bottles/Search?${f}`),
  "GET /api/Search (nav bar)": [...WORDS, "night", "around", "islay"].map((w) => `/api/Search?q=${w}`),
  "GET /api/Bottles/Similar": [...TYPOS, "Glenfiddich 12 Single Barrel", "Old Forester Rye"].map(
    (w) => `/api/Bottles/Similar?name=${encodeURIComponent(w)}`,
  ),
};

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** The process's CPU time (user + system) in ms, from /proc: it does not count time spent waiting for a CPU. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(port: number, path: string, token: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      { host: "127.0.0.1", port, path, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode ?? 0 }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function main() {
  const reuse = process.env.BENCH_SEARCH_DIR;
  const dir = reuse ?? mkdtempSync(join(tmpdir(), "club-bench-search-"));
  console.log(
    `${new Date().toISOString()} · ${cpus().length} x ${cpus()[0]?.model ?? "?"} · ${Math.round(totalmem() / 2 ** 30)} GB · Node ${process.version}`,
  );
  if (!reuse) {
    const generated = Date.now();
    const club = await generateClub(dir, STRESS);
    console.log(`stress club generated in ${Date.now() - generated} ms:`, club.counts);
  }
  const token = await firstMemberToken(dir);
  const server = await startServer(dir, { env: { READ_CACHE: "false", RATE_LIMIT: "false" } });
  const all: number[] = [];
  try {
    console.log(
      `\n| search | requests | median ms | p99 ms | max ms | server CPU ms/request |\n| --- | ---: | ---: | ---: | ---: | ---: |`,
    );
    for (const [kind, paths] of Object.entries(kinds)) {
      for (const path of paths) {
        const warm = await get(server.port, path, token);
        if (warm.status !== 200) throw new Error(`${path}: ${warm.status}`);
      }
      const times: number[] = [];
      const cpuBefore = cpuMs(server.child.pid!);
      for (let round = 0; round < REPEAT; round++)
        for (const path of paths) times.push((await get(server.port, path, token)).ms);
      const cpuPerRequest = (cpuMs(server.child.pid!) - cpuBefore) / times.length;
      times.sort((a, b) => a - b);
      all.push(...times);
      const f = (n: number) => n.toFixed(1);
      console.log(
        `| ${kind} | ${times.length} | ${f(quantile(times, 0.5))} | ${f(quantile(times, 0.99))} | ${f(times.at(-1) ?? 0)} | ${f(cpuPerRequest)} |`,
      );
    }
    all.sort((a, b) => a - b);
    const p99 = quantile(all, 0.99);
    console.log(
      `\nall ${all.length} requests: median ${quantile(all, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms: ` +
        (p99 < TARGET_MS ? `met (< ${TARGET_MS} ms)` : `MISSED (target < ${TARGET_MS} ms)`),
    );
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    agent.destroy();
    if (!reuse) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
