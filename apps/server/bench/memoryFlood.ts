/**
 * npm run bench:memory: the read cache under a visitor's memory flood (a security finding).
 *
 * Generates the stress club (10,000 bottles), starts the real server with its default cache budget,
 * and measures its RSS (VmRSS of /proc) after warming up, then after each wave of hostile reads:
 *   1. 400 tRPC GETs of 383 `bottles.list` calls each, every one with a different input (it took
 *      the old server from 322 MB to 808 MB; now a 400 before anything runs);
 *   2. 400 batches of 10 `bottles.list` with distinct inputs (the most a batch may hold);
 *   3. 400 REST reads of the full list with a random `?v=`;
 *   4. every bottle's detail and comments, over REST (with junk query parameters) and tRPC
 *      (10,000 x 3 distinct answers: far more than the budget holds).
 * It prints a table and says whether the RSS stayed within the budget plus a margin. Exit 0 always.
 *   BENCH_KEEP=1 keeps the data dir; BENCH_MEMORY_BUDGET_MB sets READ_CACHE_MB (default: the server's).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateClub, STRESS } from "./generator";
import { startServer } from "./serverProcess";

const BUDGET_MB = Number(process.env.BENCH_MEMORY_BUDGET_MB ?? 64);
/** Heap fragmentation, the compressors' and HTTP's buffers: what is not the cache's own bytes. */
const MARGIN_MB = 48;

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
};

async function pool<T>(items: T[], concurrency: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "club-flood-"));
  console.log("generating the stress club...");
  const club = await generateClub(dataDir, STRESS);
  const server = await startServer(dataDir, {
    env: { READ_CACHE_MB: String(BUDGET_MB), RATE_LIMIT: "false" },
  });
  const pid = server.child.pid as number;
  const statuses = new Map<number, number>();
  const get = async (path: string) => {
    const res = await fetch(server.baseUrl + path, { headers: { "accept-encoding": "gzip, deflate, br" } });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  };
  const trpc = (paths: string[], inputs: Record<string, unknown>) =>
    `/trpc/${paths.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
  const rows: [string, number, string][] = [];
  const measure = async (label: string) => {
    await new Promise((r) => setTimeout(r, 2000)); // let the last answers' garbage go
    const counts = [...statuses].map(([s, n]) => `${n}x${s}`).join(" ");
    rows.push([label, rssMb(pid), counts]);
    statuses.clear();
  };
  try {
    for (const path of ["/api/Bottles/AllBottlesList", "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames"])
      await get(path);
    await measure("warmed up");
    const r400 = Array.from({ length: 400 }, (_, i) => i);
    const big = Array.from({ length: 383 }, () => "bottles.list");
    await pool(r400, 8, (r) => get(trpc(big, { r })));
    await measure("400 x batch of 383 calls");
    const ten = Array.from({ length: 10 }, () => "bottles.list");
    await pool(r400, 8, (r) => get(trpc(ten, Object.fromEntries(ten.map((_, i) => [i, { r }])))));
    await measure("400 x batch of 10 calls");
    await pool(r400, 8, (r) => get(`/api/Bottles/AllBottlesList?v=${r}-${Math.random()}`));
    await measure("400 x full list with ?v=random");
    await pool(club.bottleIds, 8, async (id) => {
      await get(`/api/Bottles/${id}?v=${Math.random()}`);
      await get(`/api/BottleComments/bottle/${id}?junk=${id}`);
      await get(trpc(["bottles.byId", "comments.byBottle"], { 0: { id, r: 1 }, 1: { bottleId: id } }));
    });
    await measure(`every bottle (${club.bottleIds.length}) x 3 reads`);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
  const base = rows[0]?.[1] ?? 0;
  console.log(`\nRead cache budget ${BUDGET_MB} MB, margin ${MARGIN_MB} MB; RSS of the server process:\n`);
  console.log("| after | RSS MB | growth MB | answers |\n| --- | ---: | ---: | --- |");
  for (const [label, rss, counts] of rows)
    console.log(`| ${label} | ${rss.toFixed(0)} | ${(rss - base).toFixed(0)} | ${counts} |`);
  const worst = Math.max(...rows.map((r) => r[1])) - base;
  console.log(
    `\nlargest growth ${worst.toFixed(0)} MB: ${worst <= BUDGET_MB + MARGIN_MB ? "within" : "OVER"} the budget plus margin (${BUDGET_MB + MARGIN_MB} MB)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
