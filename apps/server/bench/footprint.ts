/**
 * npm run bench:footprint -w @club/server (also part of `npm run bench`): how small and quick the
 * built server is, next to a bare Fastify process (bench/bareFastify.mjs) started the same way in
 * the same run: `node <file>.js`, a fresh DATA_DIR, the same environment.
 *
 * - start to healthy: from spawn to the first 200 on /healthz (polled every 5 ms);
 * - idle RSS: the whole process tree (the process and its descendants, from /proc) after settling;
 * - a club's hour: the built server on a generated realistic club (bench/generator.ts) answers the
 *   load test's mix (bench/loadtest.ts: public reads, member writes, REST and tRPC) as many times
 *   as a club's busy hour has requests, compressed in time; RSS at its peak and after settling.
 *
 * Runs alternate bare / server FOOTPRINT_RUNS times; medians are reported with their ratios and
 * the targets (start <= 2x bare, idle RSS <= 1.5x bare). It exits 0 whether or not they are met.
 *
 * Each start also records the CPU time (user + system, from /proc) the process tree used until
 * healthy: on a shared, busy machine the wall time mostly measures the other processes.
 *
 *   FOOTPRINT_RUNS=7  FOOTPRINT_SETTLE_MS=3000  FOOTPRINT_HOUR_REQUESTS=3000 (0: no club's hour)  FOOTPRINT_JSON=file
 *   FOOTPRINT_BEFORE=1  also the server from its sources as it ran before the build
 *                       (`node --import tsx src/server.ts`, with tsx's esbuild helper processes)
 *   FOOTPRINT_BEFORE=path/to/server.js  also an earlier build (a copy of dist/ kept inside
 *                       apps/server, e.g. .before/dist/server.js), interleaved in the same run
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { generateClub, REALISTIC } from "./generator";
import { builtServerEntry, freePort, JWT_SECRET, serverDir } from "./serverProcess";
import { hourRequests } from "./hourMix";

const RUNS = Number(process.env.FOOTPRINT_RUNS ?? 7);
const SETTLE_MS = Number(process.env.FOOTPRINT_SETTLE_MS ?? 3000);
const HOUR_REQUESTS = Number(process.env.FOOTPRINT_HOUR_REQUESTS ?? 3000);
const BARE = join(serverDir, "bench/bareFastify.mjs");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** The pid and every descendant's (Linux: /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const p = out[i] as number;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const kids = readFileSync(`/proc/${p}/task/${tid}/children`, "utf8").trim();
        if (kids) out.push(...kids.split(/\s+/).map(Number));
      } catch {
        /* gone */
      }
    }
  }
  return out;
}

/** RSS of the whole process tree in MB. */
function treeRssMb(pid: number): number {
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return kb / 1024;
}

/** CPU time (user + system) of the whole process tree in ms, from /proc/<pid>/stat. */
function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  startMs: number;
  /** CPU time the process tree used until healthy (less sensitive than startMs to a busy machine). */
  cpuMs: number;
  stop: () => Promise<void>;
}

/** `node <args>` on a free port and DATA_DIR; resolves at the first 200 on /healthz. */
async function start(args: string[], dataDir: string): Promise<Started> {
  const entry = args.join(" ");
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO_DATA: "false",
    JWT_SECRET,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    RATE_LIMIT: "false",
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: serverDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited during start:\n${out}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - t0 > 60_000) {
      child.kill("SIGKILL");
      throw new Error(`${entry} not healthy within 60 s:\n${out}`);
    }
    await sleep(5);
  }
  const startMs = performance.now() - t0;
  const cpuMs = treeCpuMs(child.pid ?? 0);
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  return { child, baseUrl, startMs, cpuMs, stop };
}

async function startAndIdle(entry: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), "club-footprint-"));
  try {
    const s = await start(entry, dataDir);
    await sleep(SETTLE_MS);
    const rss = treeRssMb(s.child.pid ?? 0);
    await s.stop();
    return { startMs: s.startMs, cpuMs: s.cpuMs, rssMb: rss };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The built server on a realistic club, through a club's hour of requests. */
async function clubHour(entry: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), "club-footprint-hour-"));
  try {
    const club = await generateClub(dataDir, REALISTIC);
    const s = await start(entry, dataDir);
    try {
      await sleep(SETTLE_MS);
      const idleMb = treeRssMb(s.child.pid ?? 0);
      const login = await fetch(`${s.baseUrl}/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: club.login.email, password: club.login.password }),
      });
      if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
      const { accessToken } = (await login.json()) as { accessToken: string };
      let peakMb = 0;
      const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(s.child.pid ?? 0))), 200);
      const started = performance.now();
      const result = await autocannon({
        url: s.baseUrl,
        connections: 4,
        amount: HOUR_REQUESTS,
        timeout: 10,
        requests: hourRequests(club, accessToken),
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peakMb = Math.max(peakMb, treeRssMb(s.child.pid ?? 0));
      await sleep(SETTLE_MS);
      const afterMb = treeRssMb(s.child.pid ?? 0);
      const non2xx = result.non2xx;
      return {
        requests: result.requests.total,
        seconds,
        non2xx,
        errors: result.errors,
        idleMb,
        peakMb,
        afterMb,
      };
    } finally {
      await s.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const server = [builtServerEntry()];
  const beforeEnv = process.env.FOOTPRINT_BEFORE ?? "";
  const fromSources = beforeEnv.endsWith(".js") ? [beforeEnv] : ["--import", "tsx", "src/server.ts"];
  const beforeName = beforeEnv.endsWith(".js") ? beforeEnv : "tsx";
  const withBefore = beforeEnv === "1" || beforeEnv.endsWith(".js");
  const bare: { startMs: number; cpuMs: number; rssMb: number }[] = [];
  const ours: { startMs: number; cpuMs: number; rssMb: number }[] = [];
  const before: { startMs: number; cpuMs: number; rssMb: number }[] = [];
  // One of each first, unrecorded: the file system cache warm for both.
  await startAndIdle([BARE]);
  await startAndIdle(server);
  if (withBefore) await startAndIdle(fromSources);
  const line = (r: { startMs: number; cpuMs: number; rssMb: number } | undefined) =>
    `${r?.startMs.toFixed(0)} ms (CPU ${r?.cpuMs.toFixed(0)} ms) ${r?.rssMb.toFixed(1)} MB`;
  for (let i = 0; i < RUNS; i++) {
    bare.push(await startAndIdle([BARE]));
    ours.push(await startAndIdle(server));
    if (withBefore) before.push(await startAndIdle(fromSources));
    console.log(
      `run ${i + 1}/${RUNS}: bare ${line(bare.at(-1))}; server ${line(ours.at(-1))}` +
        (withBefore ? `; before (${beforeName}) ${line(before.at(-1))}` : ""),
    );
  }
  const hour = HOUR_REQUESTS > 0 ? await clubHour(server) : null;

  const m = {
    bareStartMs: median(bare.map((r) => r.startMs)),
    serverStartMs: median(ours.map((r) => r.startMs)),
    bareCpuMs: median(bare.map((r) => r.cpuMs)),
    serverCpuMs: median(ours.map((r) => r.cpuMs)),
    bareRssMb: median(bare.map((r) => r.rssMb)),
    serverRssMb: median(ours.map((r) => r.rssMb)),
  };
  const startRatio = m.serverStartMs / m.bareStartMs;
  const rssRatio = m.serverRssMb / m.bareRssMb;
  const cpuRatio = m.serverCpuMs / m.bareCpuMs;
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  const summary = {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, node ${process.version}`,
    runs: RUNS,
    ...m,
    startRatio,
    rssRatio,
    cpuRatio,
    hour,
  };
  console.log(`\nfootprint (median of ${RUNS}; ${summary.machine})`);
  console.log(
    `  start to healthy: bare ${m.bareStartMs.toFixed(0)} ms, server ${m.serverStartMs.toFixed(0)} ms: ${startRatio.toFixed(2)}x (target <= 2x: ${verdict(startRatio <= 2)})`,
  );
  console.log(
    `  CPU to healthy:   bare ${m.bareCpuMs.toFixed(0)} ms, server ${m.serverCpuMs.toFixed(0)} ms: ${cpuRatio.toFixed(2)}x`,
  );
  console.log(
    `  idle RSS:         bare ${m.bareRssMb.toFixed(1)} MB, server ${m.serverRssMb.toFixed(1)} MB: ${rssRatio.toFixed(2)}x (target <= 1.5x: ${verdict(rssRatio <= 1.5)})`,
  );
  if (hour)
    console.log(
      `  a club's hour:    ${hour.requests} requests in ${hour.seconds.toFixed(1)} s (${hour.non2xx} non-2xx, ${hour.errors} errors) on a realistic club: RSS ${hour.idleMb.toFixed(1)} MB idle, ${hour.peakMb.toFixed(1)} MB peak, ${hour.afterMb.toFixed(1)} MB after`,
    );
  if (withBefore) {
    const b = {
      startMs: median(before.map((r) => r.startMs)),
      cpuMs: median(before.map((r) => r.cpuMs)),
      rssMb: median(before.map((r) => r.rssMb)),
    };
    Object.assign(summary, { beforeStartMs: b.startMs, beforeCpuMs: b.cpuMs, beforeRssMb: b.rssMb });
    console.log(
      `  before (${beforeName}): ${b.startMs.toFixed(0)} ms (${(b.startMs / m.bareStartMs).toFixed(2)}x), CPU ${b.cpuMs.toFixed(0)} ms (${(b.cpuMs / m.bareCpuMs).toFixed(2)}x), ${b.rssMb.toFixed(1)} MB (${(b.rssMb / m.bareRssMb).toFixed(2)}x)`,
    );
  }
  if (process.env.FOOTPRINT_JSON) writeFileSync(process.env.FOOTPRINT_JSON, JSON.stringify(summary, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
