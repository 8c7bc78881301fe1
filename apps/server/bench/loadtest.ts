/**
 * npm run loadtest: the real server (child process, loopback, temp DATA_DIR) under 100 connections
 * for LOADTEST_SECONDS (default 60) on a mix of public reads and authenticated writes, REST and
 * tRPC. Passes when there is no 5xx, no socket error or timeout, and every write that was
 * acknowledged with a 2xx is in the database afterwards. Prints req/s and latency percentiles.
 *
 *   LOADTEST_SECONDS=60 LOADTEST_CONNECTIONS=100 npm run loadtest
 *   LOADTEST_PROFILE=/tmp/prof npm run loadtest     # also writes a V8 CPU profile of the server
 */
import { readFileSync, rmSync } from "node:fs";
import autocannon, { type RequestSpec } from "autocannon";
import { closeDb, openDb } from "@club/db";
import { prepareDataDir, startServer } from "./serverProcess";

const SECONDS = Number(process.env.LOADTEST_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 100);
const CLUB = { bottles: 100, meetings: 40 };

interface Acked {
  comments: Map<number, string>;
  instances: Map<number, number>;
  abv: number;
}

async function main() {
  const data = await prepareDataDir();
  const profileDir = process.env.LOADTEST_PROFILE;
  const server = await startServer(data.dataDir, {
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });
  const hardStop = setTimeout(
    () => {
      console.error("load test took too long: stopping");
      server.child.kill("SIGKILL");
      process.exit(2);
    },
    (SECONDS + 120) * 1000,
  );
  hardStop.unref();

  const auth = { "content-type": "application/json", authorization: `Bearer ${data.token}` };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`seeding ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number };
  };

  // A realistic club: a library of bottles, a few years of meetings.
  const bottleIds: number[] = [];
  for (let i = 0; i < CLUB.bottles; i++)
    bottleIds.push(
      (
        await post("/api/Bottles/NewBottle", {
          name: `Bottle ${i}`,
          newBrand: `Distillery ${i % 25}`,
          abv: 40 + (i % 20),
          drinkTypeId: 1 + (i % 5),
          countryId: 1 + (i % 5),
        })
      ).id,
    );
  const meetingIds: number[] = [];
  for (let i = 0; i < CLUB.meetings; i++)
    meetingIds.push(
      (
        await post("/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", {
          date: `20${String(20 + Math.floor(i / 12)).padStart(2, "0")}-${String((i % 12) + 1).padStart(2, "0")}-13`,
          hostName: `Host ${i}`,
          themeId: data.themeIds[i % data.themeIds.length],
        })
      ).id,
    );

  const acked: Acked = { comments: new Map(), instances: new Map(), abv: 0 };
  let seq = 0;
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
  const json = (body: unknown) => JSON.stringify(body);

  /** One connection's loop: 12 requests, 3 of them authenticated writes. */
  const requests: RequestSpec[] = [
    { method: "GET", path: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames" },
    { method: "GET", path: "/api/Bottles/AllBottlesList" },
    {
      method: "POST",
      headers: auth,
      setupRequest: (req, ctx) => {
        const key = `load comment ${++seq}`;
        ctx.key = key;
        return {
          ...req,
          path: "/api/BottleComments",
          body: json({ bottleId: pick(bottleIds), comment: key }),
        };
      },
      onResponse: (status, body, ctx) => {
        if (status === 201) acked.comments.set((JSON.parse(body) as { id: number }).id, String(ctx.key));
      },
    },
    { method: "GET", setupRequest: (req) => ({ ...req, path: `/api/Bottles/${pick(bottleIds)}` }) },
    { method: "GET", path: "/api/MonthlyThemes/WithLastDate" },
    {
      method: "POST",
      headers: auth,
      setupRequest: (req, ctx) => {
        const cents = 1000 + (++seq % 90_000);
        ctx.cents = cents;
        return {
          ...req,
          path: "/api/BottleInstances/new",
          body: json({
            bottleId: pick(bottleIds),
            datePurchased: "2026-11-20",
            purchasePrice: cents / 100,
            dateFinished: null,
          }),
        };
      },
      onResponse: (status, body, ctx) => {
        if (status === 201) acked.instances.set((JSON.parse(body) as { id: number }).id, Number(ctx.cents));
      },
    },
    {
      method: "GET",
      setupRequest: (req) => ({ ...req, path: `/api/BottleComments/bottle/${pick(bottleIds)}` }),
    },
    { method: "GET", setupRequest: (req) => ({ ...req, path: `/api/MonthlyMeetings/${pick(meetingIds)}` }) },
    {
      method: "POST",
      setupRequest: (req) => ({
        ...req,
        path: "/trpc/bottles.updateAbv",
        headers: auth,
        body: json({ bottleId: pick(bottleIds), abv: 40 + (++seq % 200) / 10 }),
      }),
      onResponse: (status) => {
        if (status === 200) acked.abv++;
      },
    },
    {
      method: "GET",
      path: `/trpc/meetings.list,themes.list,lookups.countries?batch=1&input=${encodeURIComponent("{}")}`,
    },
    { method: "GET", path: "/api/States" },
    {
      method: "GET",
      setupRequest: (req) => ({
        ...req,
        path: `/trpc/bottles.byId?input=${encodeURIComponent(json({ id: pick(bottleIds) }))}`,
      }),
    },
  ];

  // Peak memory of the server process, sampled once a second (Linux).
  let peakRssKb = 0;
  const sampler = setInterval(() => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"));
      peakRssKb = Math.max(peakRssKb, Number(m?.[1] ?? 0));
    } catch {
      /* not Linux, or the process is gone */
    }
  }, 1000);

  console.log(
    `load test: ${CONNECTIONS} connections for ${SECONDS} s against ${server.baseUrl} (server pid ${server.child.pid})`,
  );
  const result = await autocannon({
    url: server.baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    requests,
  });
  clearInterval(sampler);

  // Every acknowledged write must be in the database.
  const db = openDb(data.dbFile);
  let missing = 0;
  let integrity: string;
  try {
    const comment = db.$client.prepare("SELECT comment FROM bottle_comments WHERE id = ?").pluck();
    for (const [id, text] of acked.comments) if (comment.get(id) !== text) missing++;
    const instance = db.$client
      .prepare("SELECT purchase_price_cents FROM bottle_instances WHERE id = ?")
      .pluck();
    for (const [id, cents] of acked.instances) if (instance.get(id) !== cents) missing++;
    integrity = String(db.$client.pragma("integrity_check", { simple: true }));
  } finally {
    closeDb(db);
  }
  server.child.kill("SIGTERM");
  const exit = await server.exited;
  rmSync(data.dataDir, { recursive: true, force: true });

  const status = (code: string) => result.statusCodeStats[code]?.count ?? 0;
  const summary = {
    date: new Date().toISOString(),
    connections: CONNECTIONS,
    seconds: result.duration,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    status: {
      "2xx": result["2xx"],
      "4xx": result["4xx"],
      "5xx": result["5xx"],
      "401": status("401"),
      "429": status("429"),
    },
    socketErrors: result.errors,
    timeouts: result.timeouts,
    ackedWrites: { comments: acked.comments.size, instances: acked.instances.size, abvUpdates: acked.abv },
    missingAckedWrites: missing,
    integrityCheck: integrity,
    serverPeakRssMb: Math.round(peakRssKb / 1024),
    serverExit: exit,
  };
  console.log(JSON.stringify(summary, null, 2));

  const failures = [
    result["5xx"] > 0 && `${result["5xx"]} responses were 5xx`,
    result.errors > 0 && `${result.errors} socket errors`,
    result.timeouts > 0 && `${result.timeouts} timeouts`,
    result["4xx"] > 0 && `${result["4xx"]} responses were 4xx (the mix only sends valid requests)`,
    missing > 0 && `${missing} acknowledged writes are missing`,
    acked.comments.size + acked.instances.size === 0 && "no write was acknowledged",
    integrity !== "ok" && `integrity_check: ${integrity}`,
    exit.code !== 0 && `server exit ${JSON.stringify(exit)}`,
  ].filter(Boolean);
  if (failures.length > 0) {
    console.error(`LOAD TEST FAILED:\n- ${failures.join("\n- ")}\n${server.output().slice(-4000)}`);
    process.exit(1);
  }
  console.log(
    `load test passed: ${summary.reqPerSec} req/s, p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, ` +
      `${acked.comments.size + acked.instances.size + acked.abv} acknowledged writes all present`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
