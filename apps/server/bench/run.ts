/**
 * npm run bench: the API's read throughput next to a CEILING, in one run.
 *
 * For each club (realistic, stress) it generates a temp DATA_DIR (bench/generator.ts), starts
 * the real server as a child process on loopback (node dist/server.js, as `npm start`
 * does), records the exact bytes the server answers for every benchmarked URL, and starts the
 * ceiling (bench/ceiling.ts): a bare Fastify route in a child process of the same shape that
 * replays those bytes precomputed. Each read is then measured with autocannon (10 connections,
 * loopback), ceiling and real server interleaved round by round; the ratio real / ceiling of each
 * round is kept and the median reported. Login (argon2id) and image upload are measured alone.
 *
 * It exits 0 and says clearly whether each target is met; it never fails on a missed target.
 *
 *   BENCH_SECONDS=1       seconds per measurement          BENCH_ROUNDS=5   rounds (median)
 *   BENCH_PIN=1           server on CPU 1, autocannon on CPU 0 (0: let the OS schedule both)
 *   BENCH_CONNECTIONS=10  autocannon connections           BENCH_CLUBS=realistic,stress
 *   BENCH_IDS=all         detail URLs: every id, or N ids evenly spread
 *   BENCH_LOGIN_SECONDS=5 BENCH_UPLOAD_SECONDS=5 (0 skips)  BENCH_LOG_LEVEL=warn (server LOG_LEVEL)
 *   BENCH_ACCEPT_ENCODING="gzip, deflate, br"              BENCH_READ_CACHE=true (server READ_CACHE)
 *   BENCH_ONLY=substring  only endpoints whose name has it  BENCH_JSON=file  also write the results
 *   BENCH_KEEP=1          keep the generated data dirs
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import sharp from "sharp";
import { closeDb, openDb } from "@club/db";
import { TokenService } from "../src/platform/tokens";
import type { RecordedResponses } from "./ceiling";
import { generateClub, PROFILES, type GeneratedClub } from "./generator";
import { freePort, JWT_SECRET, serverDir, startServer, type ServerProcess } from "./serverProcess";

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 1);
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 5));
const PIN = env.BENCH_PIN !== "0" && cpus().length >= 2;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const CLUBS = (env.BENCH_CLUBS ?? "realistic,stress")
  .split(",")
  .map((s) => s.trim()) as (keyof typeof PROFILES)[];
const IDS = env.BENCH_IDS ?? "all";
const LOGIN_SECONDS = Number(env.BENCH_LOGIN_SECONDS ?? 5);
const UPLOAD_SECONDS = Number(env.BENCH_UPLOAD_SECONDS ?? 5);
const ACCEPT_ENCODING = env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br";
const ONLY = env.BENCH_ONLY;
const TARGETS: Record<string, number> = { realistic: 0.7, stress: 0.5 };
const HEADERS: Record<string, string> = ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {};

// ---------------------------------------------------------------------------------------------
// What is measured

interface Endpoint {
  name: string;
  paths: (club: GeneratedClub) => string[];
}

const spread = (ids: number[]): number[] => {
  if (IDS === "all") return ids;
  const n = Math.min(ids.length, Math.max(1, Number(IDS)));
  return Array.from({ length: n }, (_, i) => ids[Math.floor((i * ids.length) / n)] as number);
};
/** A tRPC GET as the web client's httpBatchLink sends it: `?batch=1&input={"0": input}`. */
const trpc = (path: string, input?: unknown) =>
  `/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify(input === undefined ? {} : { 0: input }))}`;

const ALL_ENDPOINTS: Endpoint[] = [
  { name: "GET /api/Bottles/AllBottlesList", paths: () => ["/api/Bottles/AllBottlesList"] },
  { name: "GET /api/Bottles/{id}", paths: (c) => spread(c.bottleIds).map((id) => `/api/Bottles/${id}`) },
  {
    name: "GET /api/MonthlyMeetings/{id}",
    paths: (c) => spread(c.meetingIds).map((id) => `/api/MonthlyMeetings/${id}`),
  },
  {
    name: "GET /api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    paths: () => ["/api/MonthlyMeetings/GetMonthlyMeetingsWithNames"],
  },
  { name: "GET /api/MonthlyThemes/WithLastDate", paths: () => ["/api/MonthlyThemes/WithLastDate"] },
  { name: "tRPC bottles.list", paths: () => [trpc("bottles.list")] },
  { name: "tRPC bottles.byId", paths: (c) => spread(c.bottleIds).map((id) => trpc("bottles.byId", { id })) },
  {
    name: "tRPC meetings.byId",
    paths: (c) => spread(c.meetingIds).map((id) => trpc("meetings.byId", { id })),
  },
  { name: "tRPC meetings.list", paths: () => [trpc("meetings.list")] },
  { name: "tRPC themes.list", paths: () => [trpc("themes.list")] },
];
const ENDPOINTS = ALL_ENDPOINTS.filter((e) => !ONLY || e.name.includes(ONLY));

// ---------------------------------------------------------------------------------------------
// Helpers

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET with node:http, so the body stays exactly as sent (fetch would decompress it). */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = String(v);
        resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

interface Child {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<unknown>;
}

async function startCeiling(file: string): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/ceiling.ts"], {
    cwd: serverDir,
    env: { ...process.env, CEILING_FILE: file, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (out.includes("listening")) return { child, baseUrl, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`ceiling did not start:\n${out}`);
}

async function stop(proc: { child: ChildProcess; exited: Promise<unknown> }) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill("SIGTERM");
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 5000);
  await proc.exited;
  clearTimeout(timer);
}

/**
 * CPU affinity of every thread of a process (taskset -a). The servers get CPU 1, this process
 * (autocannon) CPU 0: on two cores they would otherwise take turns on both, and what one run
 * measures would depend on how the scheduler placed them.
 */
function pin(pid: number | undefined, cpuList: string) {
  if (!PIN || pid === undefined) return;
  const res = spawnSync("taskset", ["-a", "-p", "-c", cpuList, String(pid)], { stdio: "ignore" });
  if (res.status !== 0) console.warn(`taskset failed for ${pid}: CPU pinning is off for it`);
}

/** Peak resident memory of a process (Linux), in MB. */
function peakRssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmHWM:\s+(\d+)/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc). */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

interface Sample {
  rps: number;
  /** Server CPU time per answered request, in µs: what the process under test spent. */
  cpuUsPerRequest: number;
  requests: number;
  p50: number;
  p99: number;
  mean: number;
  errors: number;
  non2xx: number;
  bytesPerSec: number;
}

function cannon(opts: Options): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts);
    Promise.resolve(instance).then((r: Result) => {
      resolve({
        rps: r.requests.average,
        cpuUsPerRequest: Number.NaN,
        requests: r.requests.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        mean: r.latency.mean,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        bytesPerSec: r.throughput.average,
      });
    }, reject);
  });
}

/** Runs autocannon against base over these paths, and counts the CPU time process pid spent. */
async function measure(base: string, paths: string[], seconds: number, pid?: number): Promise<Sample> {
  const before = cpuMicros(pid);
  const sample = await load(base, paths, seconds);
  sample.cpuUsPerRequest = (cpuMicros(pid) - before) / Math.max(1, sample.requests);
  return sample;
}

/** Runs autocannon against base over these paths (cycled, shared by all connections). */
function load(base: string, paths: string[], seconds: number): Promise<Sample> {
  if (paths.length === 1) {
    return cannon({
      url: `${base}${paths[0]}`,
      connections: CONNECTIONS,
      duration: seconds,
      headers: HEADERS,
    });
  }
  let next = 0;
  return cannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
    requests: [
      {
        method: "GET",
        setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
      },
    ],
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

interface Row {
  club: string;
  endpoint: string;
  urls: number;
  bodyBytes: number;
  encoding: string;
  ceiling: { rps: number; p50: number; p99: number; cpuUs: number };
  real: { rps: number; p50: number; p99: number; cpuUs: number };
  ratios: number[];
  ratio: number;
  /** Ceiling CPU per request / server CPU per request (median of rounds): 1 = as cheap as the ceiling. */
  cpuRatio: number;
  target: number;
  met: boolean;
  problems: string[];
}

// ---------------------------------------------------------------------------------------------
// The run

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) await fn();
}
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

async function benchClub(
  name: keyof typeof PROFILES,
  rows: Row[],
  extra: (club: GeneratedClub, server: ServerProcess) => Promise<void>,
) {
  const profile = PROFILES[name];
  const dataDir = mkdtempSync(join(tmpdir(), `club-bench-${name}-`));
  if (env.BENCH_KEEP !== "1") cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  pin(process.pid, "0,1");
  let t = Date.now();
  const club = await generateClub(dataDir, profile);
  console.log(`\n${name} club generated in ${Date.now() - t} ms: ${JSON.stringify(club.counts)}`);

  pin(process.pid, "0");
  const server = await startServer(dataDir, {
    env: {
      LOG_LEVEL: env.BENCH_LOG_LEVEL ?? "warn",
      READ_CACHE: env.BENCH_READ_CACHE ?? "true",
      // Limits stay on (their hook runs as in production) but never refuse the login benchmark.
      RATE_LIMIT_AUTH_MAX: "1000000",
      // The upload benchmark's connections all wait for the one decoder, as one member.
      IMAGE_QUEUE_MAX: "64",
      UPLOADS_PER_MINUTE: "1000000",
    },
  });
  const serverProc = { child: server.child, exited: server.exited };
  cleanups.push(() => stop(serverProc));
  pin(server.child.pid, "1");

  // Record what the server answers, byte for byte, for the ceiling to replay.
  t = Date.now();
  const recorded: RecordedResponses = {};
  const plan = ENDPOINTS.map((e) => ({ endpoint: e, paths: e.paths(club) }));
  const sizes = new Map<string, { bytes: number[]; encodings: Set<string>; statuses: Set<number> }>();
  for (const { endpoint, paths } of plan) {
    const info = { bytes: [] as number[], encodings: new Set<string>(), statuses: new Set<number>() };
    sizes.set(endpoint.name, info);
    for (const path of paths) {
      const res = await rawGet(server.baseUrl, path, HEADERS);
      info.bytes.push(res.body.length);
      info.encodings.add(res.headers["content-encoding"] ?? "identity");
      info.statuses.add(res.status);
      recorded[path] = {
        "": { status: res.status, headers: res.headers, bodyBase64: res.body.toString("base64") },
      };
    }
  }
  const ceilingFile = join(dataDir, "ceiling-responses.json");
  writeFileSync(ceilingFile, JSON.stringify(recorded));
  const ceiling = await startCeiling(ceilingFile);
  cleanups.push(() => stop(ceiling));
  pin(ceiling.child.pid, "1");
  // The ceiling must answer exactly what the server answered.
  for (const { paths } of plan) {
    for (const path of [paths[0], paths[paths.length - 1]]) {
      if (!path) continue;
      const [a, b] = await Promise.all([
        rawGet(server.baseUrl, path, HEADERS),
        rawGet(ceiling.baseUrl, path, HEADERS),
      ]);
      if (a.status !== b.status || !a.body.equals(b.body))
        throw new Error(`ceiling differs from the server for ${path}`);
    }
  }
  console.log(`recorded ${Object.keys(recorded).length} responses in ${Date.now() - t} ms`);

  for (const { endpoint, paths } of plan) {
    const info = sizes.get(endpoint.name);
    const problems: string[] = [];
    if (info && [...info.statuses].some((s) => s !== 200))
      problems.push(`statuses ${[...info.statuses].join(",")}`);
    // Warm both (JIT, caches), then alternate which one goes first in each round.
    await measure(ceiling.baseUrl, paths, 0.3);
    await measure(server.baseUrl, paths, 0.3);
    const ceilingSamples: Sample[] = [];
    const realSamples: Sample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["ceiling", "real"] as const) : (["real", "ceiling"] as const);
      for (const which of order) {
        const target = which === "ceiling" ? ceiling : server;
        const sample = await measure(target.baseUrl, paths, SECONDS, target.child.pid);
        (which === "ceiling" ? ceilingSamples : realSamples).push(sample);
      }
    }
    for (const [label, samples] of [
      ["ceiling", ceilingSamples],
      ["server", realSamples],
    ] as const) {
      const errors = samples.reduce((n, s) => n + s.errors + s.non2xx, 0);
      if (errors > 0) problems.push(`${label}: ${errors} errors/non-2xx`);
    }
    const ratios = realSamples.map((s, i) => s.rps / (ceilingSamples[i]?.rps ?? Number.NaN));
    const ratio = median(ratios);
    const pick = (samples: Sample[]) => ({
      rps: median(samples.map((s) => s.rps)),
      p50: median(samples.map((s) => s.p50)),
      p99: median(samples.map((s) => s.p99)),
      cpuUs: median(samples.map((s) => s.cpuUsPerRequest)),
    });
    const cpuRatio = median(
      realSamples.map((s, i) => (ceilingSamples[i]?.cpuUsPerRequest ?? Number.NaN) / s.cpuUsPerRequest),
    );
    const target = TARGETS[name] ?? 0.5;
    const row: Row = {
      club: name,
      endpoint: endpoint.name,
      urls: paths.length,
      bodyBytes: info ? Math.round(median(info.bytes)) : 0,
      encoding: info ? [...info.encodings].join("/") : "",
      ceiling: pick(ceilingSamples),
      real: pick(realSamples),
      ratios,
      ratio,
      cpuRatio,
      target,
      met: ratio >= target && problems.length === 0,
      problems,
    };
    rows.push(row);
    console.log(
      `${row.met ? "ok  " : "MISS"} ${name.padEnd(9)} ${endpoint.name.padEnd(52)} ceiling ${fmt(row.ceiling.rps)} req/s, server ${fmt(row.real.rps)} req/s, ratio ${row.ratio.toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(" ")}), CPU/req ${row.ceiling.cpuUs.toFixed(0)} vs ${row.real.cpuUs.toFixed(0)} µs${problems.length ? `  ${problems.join("; ")}` : ""}`,
    );
  }
  await stop(ceiling);
  // argon2 and sharp run on libuv's thread pool: let them use both cores.
  pin(server.child.pid, "0,1");
  await extra(club, server);
  const peak = peakRssMb(server.child.pid);
  await stop(serverProc);
  return { club, peakRssMb: peak };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

interface Solo {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  problems: string[];
}

/** Login (argon2id verify) and image upload (sharp re-encode): figures without a ceiling. */
async function benchWrites(club: GeneratedClub, server: ServerProcess, solos: Solo[]) {
  if (LOGIN_SECONDS > 0) {
    const body = JSON.stringify({ email: club.login.email, password: club.login.password });
    const r = await soloRun("POST /login (argon2id verify)", {
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: LOGIN_SECONDS,
      requests: [{ method: "POST", path: "/login", headers: { "content-type": "application/json" }, body }],
    });
    solos.push(r);
  }
  if (UPLOAD_SECONDS > 0) {
    // A 12-megapixel phone photo: a smooth background with fine texture, a few MB of JPEG.
    const width = 4000;
    const height = 3000;
    const photo = await sharp({
      create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } },
    })
      .composite([
        {
          input: await sharp(
            Buffer.alloc(400 * 300 * 3).map((_, i) => 100 + (((i * 2654435761) >>> 24) & 31)),
            {
              raw: { width: 400, height: 300, channels: 3 },
            },
          )
            .png()
            .toBuffer(),
          tile: true,
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const boundary = "----clubbench";
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const db = openDb(club.dbFile);
    const token = await new TokenService(db, new TextEncoder().encode(JWT_SECRET)).signAccessToken({
      id: club.login.id,
      email: club.login.email,
    });
    closeDb(db);
    let n = 0;
    const ids = club.bottleIds;
    const r = await soloRun(
      `POST /api/Bottles/UploadImage (${(photo.length / 1e6).toFixed(1)} MB JPEG, ${width}x${height})`,
      {
        url: server.baseUrl,
        connections: CONNECTIONS,
        duration: UPLOAD_SECONDS,
        timeout: 60,
        requests: [
          {
            method: "POST",
            headers: {
              "content-type": `multipart/form-data; boundary=${boundary}`,
              authorization: `Bearer ${token}`,
            },
            setupRequest: (req) => ({
              ...req,
              path: `/api/Bottles/UploadImage?bottleId=${ids[n++ % ids.length]}`,
              body: multipart,
            }),
          },
        ],
      },
    );
    solos.push(r);
  }
}

async function soloRun(name: string, opts: Options): Promise<Solo> {
  const instance = autocannon(opts);
  const r = await Promise.resolve(instance);
  const problems: string[] = [];
  if (r.errors + r.timeouts > 0) problems.push(`${r.errors + r.timeouts} errors/timeouts`);
  if (r.non2xx > 0) problems.push(`${r.non2xx} non-2xx (${JSON.stringify(r.statusCodeStats)})`);
  const solo = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.mean,
    requests: r["2xx"],
    problems,
  };
  console.log(
    `     ${name}: ${solo.rps.toFixed(1)} req/s, p50 ${solo.p50} ms, p99 ${solo.p99} ms, ${solo.requests} requests${problems.length ? `  ${problems.join("; ")}` : ""}`,
  );
  return solo;
}

async function main() {
  const started = Date.now();
  const cpu = cpus();
  const machine = `${cpu.length} x ${cpu[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
  console.log(
    `bench: ${machine}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, accept-encoding "${ACCEPT_ENCODING}", ${PIN ? "servers on CPU 1, autocannon on CPU 0" : "no CPU pinning"}`,
  );
  const rows: Row[] = [];
  const solos: Solo[] = [];
  const memory: Record<string, number | null> = {};
  for (const name of CLUBS) {
    if (!PROFILES[name]) throw new Error(`unknown club ${name}`);
    const { peakRssMb: peak } = await benchClub(name, rows, (club, server) =>
      name === CLUBS[0] ? benchWrites(club, server, solos) : Promise.resolve(),
    );
    memory[name] = peak;
  }
  await cleanup();

  console.log(`\nResults (${new Date().toISOString().slice(0, 10)}, ${machine}):\n`);
  console.log(
    "| club | read | URLs | body (median) | ceiling req/s | server req/s | server p50 / p99 ms | ceiling p50 / p99 ms | CPU µs/req ceiling / server | ratio | target |",
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of rows)
    console.log(
      `| ${r.club} | ${r.endpoint} | ${r.urls} | ${r.bodyBytes.toLocaleString("en-US")} B ${r.encoding} | ${fmt(r.ceiling.rps)} | ${fmt(r.real.rps)} | ${r.real.p50} / ${r.real.p99} | ${r.ceiling.p50} / ${r.ceiling.p99} | ${r.ceiling.cpuUs.toFixed(0)} / ${r.real.cpuUs.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.met ? "met" : "MISSED"} (>= ${r.target}) |`,
    );
  if (solos.length) {
    console.log("\n| write | req/s | p50 ms | p99 ms | requests |");
    console.log("| --- | ---: | ---: | ---: | ---: |");
    for (const s of solos)
      console.log(`| ${s.name} | ${s.rps.toFixed(1)} | ${s.p50} | ${s.p99} | ${s.requests} |`);
  }
  console.log(
    `\nserver peak RSS: ${Object.entries(memory)
      .map(([k, v]) => `${k} ${v ?? "?"} MB`)
      .join(", ")}`,
  );
  const missed = rows.filter((r) => !r.met);
  console.log(
    missed.length === 0
      ? `\nTARGETS MET: all ${rows.length} reads at or above their ceiling ratio (realistic >= 0.7, stress >= 0.5).`
      : `\nTARGETS MISSED for ${missed.length} of ${rows.length} reads:\n${missed.map((r) => `  ${r.club} ${r.endpoint}: ${r.ratio.toFixed(2)} < ${r.target}${r.problems.length ? ` (${r.problems.join("; ")})` : ""}`).join("\n")}`,
  );
  console.log(`bench took ${Math.round((Date.now() - started) / 1000)} s`);
  if (env.BENCH_JSON)
    writeFileSync(
      env.BENCH_JSON,
      JSON.stringify({ machine, date: new Date().toISOString(), rows, solos, memory }, null, 2),
    );
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  },
);
