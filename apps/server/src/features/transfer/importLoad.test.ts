import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES, type ImportReport } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { multipartBody } from "../../../test/fuzz/endpoints";
import { IMPORTS_AT_ONCE } from "./importBudget";

/**
 * Heavy requests are budgeted (docs/product.md, "Nothing one caller does starves the others"): a 2 MB CSV dry run took 3.5-4.2 s of
 * the event loop in one piece. It now parses and plans in slices, counts against the member's
 * imports budget, and at most IMPORTS_AT_ONCE run together.
 */

/** A CSV of 5,000 rows just under 2 MB (long store links fill it up). */
function bigCsv(): string {
  const rows = ["Name,Brand,Type,Country,ABV,Size,Store link,Price,Date purchased"];
  let size = rows[0]!.length;
  for (let i = 0; size < IMPORT_MAX_BYTES - 2000 && i < 5000; i++) {
    const row = `Load Test Malt ${i},Brand ${i % 40},Bourbon,United States,4${i % 10}.5,70cl,https://example.org/${"x".repeat(300)}/${i},"1,2${i % 10}0.00",2025-0${(i % 9) + 1}-1${i % 10}`;
    if (size + row.length + 1 > IMPORT_MAX_BYTES - 2000) break;
    rows.push(row);
    size += row.length + 1;
  }
  return `${rows.join("\n")}\n`;
}

/**
 * The worst turn of the event loop allowed. The target is 50 ms (`IMPORT_MAX_DELAY_MS=50` on a
 * quiet machine: 30-40 ms, docs/benchmarks.md). What a test measures in wall time also holds the
 * time the machine gave other processes: with two test files and Chromium on two cores a quiet
 * 40 ms turn was seen at 1.4 s. The default bound still catches the old behaviour (one piece of
 * 3.5-4.2 s on a quiet machine, many times that under load).
 */
const MAX_DELAY_MS = Number(process.env.IMPORT_MAX_DELAY_MS ?? 2500);

const MAPPING = {
  name: "Name",
  brand: "Brand",
  type: "Type",
  country: "Country",
  abv: "ABV",
  size: "Size",
  storeLink: "Store link",
  price: "Price",
  datePurchased: "Date purchased",
};

function importForm(csv: string, mapping: object = MAPPING) {
  return multipartBody([
    { name: "file", filename: "big.csv", contentType: "text/csv", data: csv },
    { name: "mapping", data: JSON.stringify(mapping) },
  ]);
}

function dryRun(t: TestApp, token: string, body: ReturnType<typeof importForm>) {
  return t.request({
    method: "POST",
    url: "/api/Bottles/Import?dryRun=true",
    payload: body.payload,
    headers: { "content-type": body.contentType },
    token,
  });
}

/** What the event loop did while `work` ran: its worst turn, and /healthz asked every 20 ms. */
async function whileWatchingTheLoop<T>(t: TestApp, work: () => Promise<T>) {
  const monitor = monitorEventLoopDelay({ resolution: 5 });
  // The longest gap between two timer turns, measured directly as well.
  let worstGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    worstGap = Math.max(worstGap, now - last - 5);
    last = now;
  }, 5);
  const health: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const start = performance.now();
      const res = await t.request({ method: "GET", url: "/healthz" });
      expect(res.statusCode).toBe(200);
      health.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  // Garbage collection pauses the loop too: the longest is printed beside the delay.
  let worstGc = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) worstGc = Math.max(worstGc, entry.duration);
  });
  gc.observe({ entryTypes: ["gc"] });
  monitor.enable();
  const started = performance.now();
  const result = await work();
  const took = performance.now() - started;
  monitor.disable();
  gc.disconnect();
  clearInterval(ticker);
  running = false;
  await probe;
  const worstMs = Math.max(monitor.max / 1e6, worstGap);
  const slowestHealth = Math.max(...health);
  const summary =
    `in ${Math.round(took)} ms; worst event-loop delay ${worstMs.toFixed(1)} ms ` +
    `(p99 ${(monitor.percentile(99) / 1e6).toFixed(1)} ms); /healthz ${health.length} answers, ` +
    `slowest ${slowestHealth.toFixed(1)} ms; longest garbage collection ${worstGc.toFixed(1)} ms`;
  const expectKeptTurning = () => {
    expect(worstMs).toBeLessThan(MAX_DELAY_MS);
    expect(health.length).toBeGreaterThan(3);
    expect(slowestHealth).toBeLessThan(MAX_DELAY_MS * 2);
  };
  return { result, loop: { summary, expectKeptTurning } };
}

describe("imports never hold the event loop", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  });
  afterAll(() => t.close());

  // Each slice of the work takes a few ms (docs/benchmarks.md); what this measures on a shared
  // two-core machine also holds other processes' time slices, so the bound has a margin. Before
  // the slices, one such dry run held the event loop for 3.5-4.2 s in one piece.
  it("six 2 MB dry runs at once: the event loop keeps turning, /healthz answers meanwhile", async () => {
    const csv = bigCsv();
    expect(csv.length).toBeGreaterThan(IMPORT_MAX_BYTES * 0.9);
    const members = await Promise.all(Array.from({ length: 6 }, () => t.member()));
    // The client's side runs in this process too: the six 2 MB request bodies are built before
    // the measure (building them held the loop ~120 ms), and one request first loads what the
    // server loads lazily on its first answer.
    const bodies = members.map(() => importForm(csv));
    expect((await t.request({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const { result: answers, loop } = await whileWatchingTheLoop(t, () =>
      Promise.all(members.map((m, i) => dryRun(t, m.token, bodies[i]!))),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const report = res.json<ImportReport>();
      expect(report.rows.length).toBeGreaterThan(4000);
      expect(report.errors).toBe(0);
    }
    console.log(`import load: 6 x ${(csv.length / 1024 / 1024).toFixed(2)} MB dry runs ${loop.summary}`);
    loop.expectKeptTurning();
  }, 120_000);

  // The club restore parses the file and replaces every table in a worker thread (it held the
  // loop ~2 s for a club of 500 bottles and 2,000 comments before, in one transaction).
  it("a club restore of 20,000 rows: the event loop keeps turning, /healthz answers meanwhile", async () => {
    const admin = await t.member(undefined, { role: "admin" });
    await t.caller(admin.user).themes.create({ id: 0, description: "Template" });
    const exported = await t.request({ method: "GET", url: "/api/Club/Export", token: admin.token });
    const file = exported.json<{ tables: Record<string, { columns: string[]; rows: unknown[][] }> }>();
    const themes = file.tables.themes!;
    const [id, description] = [themes.columns.indexOf("id"), themes.columns.indexOf("description")];
    const template = themes.rows[0]!;
    for (let i = 0; i < 20_000; i++) {
      const row = [...template];
      row[id] = 1000 + i;
      row[description] = `Restored theme ${i}`;
      themes.rows.push(row);
    }
    const body = multipartBody([
      { name: "file", filename: "club.json", contentType: "application/json", data: JSON.stringify(file) },
      { name: "confirm", data: "REPLACE" },
    ]);
    const { result: res, loop } = await whileWatchingTheLoop(t, () =>
      t.request({
        method: "POST",
        url: "/api/Club/Import",
        payload: body.payload,
        headers: { "content-type": body.contentType },
        token: admin.token,
      }),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<{ tables: Record<string, number> }>().tables.themes).toBe(20_001);
    console.log(`club restore of 20,001 themes ${loop.summary}`);
    loop.expectKeptTurning();
  }, 120_000);
});

describe("the imports budget", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { IMPORTS_PER_MINUTE: "3" } });
  });
  afterAll(() => t.close());

  it("counts dry runs too: past IMPORTS_PER_MINUTE a member gets 429 with Retry-After; others are not affected", async () => {
    const [ann, bob] = [await t.member(), await t.member()];
    const small = "Name,ABV\nBudget Malt,40\n";
    const mapping = { name: "Name", abv: "ABV" };
    for (let i = 0; i < 3; i++)
      expect((await dryRun(t, ann.token, importForm(small, mapping))).statusCode).toBe(200);
    const refused = await dryRun(t, ann.token, importForm(small, mapping));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: {
        code: "TOO_MANY_REQUESTS",
        message: "Too many imports in a minute. Please wait a moment and try again.",
      },
    });
    expect((await dryRun(t, bob.token, importForm(small, mapping))).statusCode).toBe(200);
    expect(IMPORTS_AT_ONCE).toBeGreaterThanOrEqual(1);
  });
});
