/**
 * npm run bench:bounded -w @club/server: what one request costs the server when its client picks
 * the input ("no request whose cost an outsider controls").
 *
 * Starts the built server (read cache and rate limits as configured by default) on the stress club
 * (bench/generator.ts: 10,000 bottles, 1,200 meetings, 50,000 comments) and asks, one request at a
 * time, each kind of request a few times, every request with an input of its own (so the read
 * cache never answers: what an outsider flooding new inputs gets). Prints per kind the server's
 * CPU time per request (from /proc, user + system) and the round trip's median, against a normal
 * cold read of the library (one word searched).
 *
 *   BENCH_BOUNDED_DIR=dir      a club generated before (`tsx bench/generator.ts dir stress`)
 *   BENCH_BOUNDED_REPEAT=8     requests per kind
 *   BENCH_BOUNDED_ONLY=a,b     only the kinds whose name contains one of these
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { generateClub, STRESS } from "./generator";
import { firstMemberToken, startServer } from "./serverProcess";

const REPEAT = Math.max(1, Number(process.env.BENCH_BOUNDED_REPEAT ?? 8));
const ONLY = process.env.BENCH_BOUNDED_ONLY?.split(",").filter(Boolean);
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Letters that make words the library does not hold (every search falls through to the typo search). */
const ODD = "qxzjvkwy";
/** A word of `length` letters, different for each `seed`. */
const oddWord = (seed: number, length: number) =>
  Array.from({ length }, (_, k) => ODD[(seed * 7 + k * k + k * 3) % ODD.length]).join("");
const enc = encodeURIComponent;

/** A request: its path, and whether it goes with the member's token. */
type Ask = (i: number) => { path: string; member?: boolean };

const kinds: Record<string, Ask> = {
  "normal: library search, one word (cold)": (i) => ({
    path: `/api/Bottles/Search?q=glen&pageSize=${50 + (i % 50)}&page=${1 + Math.floor(i / 50)}`,
  }),
  "normal: library page, no q (cold)": (i) => ({ path: `/api/Bottles/Search?pageSize=${50 + i}` }),
  "normal: library search, one letter (cold; a first keystroke)": (i) => ({
    path: `/api/Bottles/Search?q=e&pageSize=${50 + i}`,
  }),
  "normal: a bottle (cached)": () => ({ path: "/api/Bottles/1" }),
  "q: 100 one-letter words": (i) => ({
    path: `/api/Bottles/Search?q=${enc(Array(100).fill("e").join(" "))}&pageSize=${50 + i}`,
  }),
  "q: 66 two-letter words": (i) => ({
    path: `/api/Bottles/Search?q=${enc(Array(66).fill("er").join(" "))}&pageSize=${50 + i}`,
  }),
  "q: 12 common one-letter words (the cap)": (i) => ({
    path: `/api/Bottles/Search?q=${enc("e a r o i s t n l c d h")}&pageSize=${50 + i}`,
  }),
  "q: 12 common two-letter words (the cap)": (i) => ({
    path: `/api/Bottles/Search?q=${enc("er re in an on ar or al en te es st")}&pageSize=${50 + i}`,
  }),
  "q: 13 different words (refused)": (i) => ({
    path: `/api/Bottles/Search?q=${enc(`e a r o i s t n l c d h u${i}`)}`,
  }),
  "q: 200 letters of typo words (fuzzy)": (i) => ({
    path: `/api/Bottles/Search?q=${enc(
      Array.from({ length: 22 }, (_, k) => oddWord(i * 31 + k, 8))
        .join(" ")
        .slice(0, 200),
    )}`,
  }),
  "q: 200 letters of common trigrams (fuzzy)": (i) => ({
    path: `/api/Bottles/Search?q=${enc(`${"glenoakbarrelsherrycaskreserve".repeat(7).slice(0, 199)}${ODD[i % 8]}`)}`,
  }),
  "nav search: 100 one-letter words": (i) => ({
    path: `/api/Search?q=${enc(`${Array(99).fill("e").join(" ")} ${"abcdefgh"[i % 8]}`)}`,
  }),
  "similar: 200 letters (member)": (i) => ({
    path: `/api/Bottles/Similar?name=${enc(`${"glenoakbarrelsherrycaskreserve".repeat(7).slice(0, 199)}${ODD[i % 8]}`)}`,
    member: true,
  }),
  "deep page sorted by club score": (i) => ({
    path: `/api/Bottles/Search?sort=clubScore&page=${90 + (i % 10)}&pageSize=100`,
  }),
  "export: library CSV (public)": () => ({ path: "/api/Bottles/Export" }),
  "export: purchases CSV (public)": () => ({ path: "/api/Bottles/Export?what=purchases" }),
  "calendar.ics (public)": () => ({ path: "/calendar.ics" }),
  "activity, filter matching nothing (member)": (i) => ({
    path: `/api/Activity?limit=200&entity=none${i}`,
    member: true,
  }),
};

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(
  port: number,
  path: string,
  token?: string,
): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        agent,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "accept-encoding": "br, gzip" },
      },
      (res) => {
        let bytes = 0;
        res.on("data", (d: Buffer) => (bytes += d.length));
        res.on("end", () =>
          resolve({
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: res.statusCode ?? 0,
            bytes,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const reuse = process.env.BENCH_BOUNDED_DIR;
const dir = reuse ?? mkdtempSync(join(tmpdir(), "club-bench-bounded-"));
console.log(
  `${new Date().toISOString()} · ${cpus().length} x ${cpus()[0]?.model ?? "?"} · Node ${process.version}`,
);
if (!reuse) await generateClub(dir, STRESS);
const token = await firstMemberToken(dir);
const server = await startServer(dir);
const pid = server.child.pid!;
try {
  console.log(
    `\n| request | status | bytes | median ms | server CPU ms/request |\n| --- | ---: | ---: | ---: | ---: |`,
  );
  for (const [kind, ask] of Object.entries(kinds)) {
    if (ONLY && !ONLY.some((o) => kind.includes(o))) continue;
    const warm = ask(10_000);
    await get(server.port, warm.path, warm.member ? token : undefined);
    const times: number[] = [];
    let last = { status: 0, bytes: 0 };
    const before = cpuMs(pid);
    for (let i = 0; i < REPEAT; i++) {
      const { path, member } = ask(i);
      const r = await get(server.port, path, member ? token : undefined);
      times.push(r.ms);
      last = r;
    }
    const cpu = (cpuMs(pid) - before) / REPEAT;
    times.sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${last.status} | ${last.bytes} | ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(1)} | ${cpu.toFixed(1)} |`,
    );
  }
} finally {
  agent.destroy();
  server.child.kill("SIGTERM");
  await server.exited;
  if (!reuse) rmSync(dir, { recursive: true, force: true });
}
