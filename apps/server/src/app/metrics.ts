import { createHash, timingSafeEqual } from "node:crypto";
import { stat } from "node:fs/promises";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { ServerMessages } from "@club/shared";
import { errorBody } from "../kernel/restErrors";
import { listBackups } from "../features/backups/folder";

export const METRICS_PATH = "/metrics";

/** Request durations' buckets (seconds): a cached read is a millisecond, an import some seconds. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether an Authorization header is `Bearer <token>`, compared in constant time. */
function hasToken(authorization: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return m !== null && timingSafeEqual(digest(m[1] ?? ""), expected);
}

/** The size of the database with its write-ahead log (what the disk holds for it). */
async function databaseBytes(file: string): Promise<number> {
  let total = 0;
  for (const suffix of ["", "-wal"])
    total += (await stat(`${file}${suffix}`).catch(() => undefined))?.size ?? 0;
  return total;
}

/**
 * GET /metrics (METRICS_TOKEN): Prometheus's text format from the maintained prom-client, one
 * registry per app. Requests are counted by the route's pattern (never the raw URL: one series
 * per route, not per bottle) and status, with their durations; beside them the process's own
 * metrics (event-loop delay, memory, CPU), the database's size, the live streams open, the club's
 * jobs run and failed, the newest backup's age and the read cache's hits. Without the token's
 * exact bearer header a 401; without METRICS_TOKEN a 404 (and no hook on any request).
 */
export default fp(
  async (app, opts: { token: string | undefined }) => {
    if (opts.token === undefined) {
      // Said here, or the web app's fallback would answer a monitor's GET /metrics with a page.
      app.get(METRICS_PATH, (_req, reply) => reply.code(404).send(errorBody(404, ServerMessages.notFound)));
      return;
    }
    const expected = digest(opts.token);
    const deps = app.deps;
    const register = new Registry();
    collectDefaultMetrics({ register, prefix: "club_" });

    const requests = new Histogram({
      name: "club_http_request_duration_seconds",
      help: "HTTP requests by method, route pattern and status, with how long each took to answer.",
      labelNames: ["method", "route", "status"] as const,
      buckets: DURATION_BUCKETS,
      registers: [register],
    });
    app.addHook("onResponse", (req, reply, done) => {
      // A path no route matched (a page, a 404) is one series, not one per URL.
      const route = req.routeOptions.url ?? "(no route)";
      requests.observe(
        { method: req.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    new Gauge({
      name: "club_database_bytes",
      help: "The database file's size with its write-ahead log, in bytes.",
      registers: [register],
      async collect() {
        this.set(await databaseBytes(deps.config.dbFile));
      },
    });
    new Gauge({
      name: "club_live_streams_open",
      help: "Live meeting streams open now.",
      registers: [register],
      collect() {
        this.set(app.liveStreams.size);
      },
    });
    // The counters below mirror counts kept where the work is done: each collect() sets them to
    // that count (reset, then inc).
    new Counter({
      name: "club_jobs_runs_total",
      help: "Runs of each of the club's scheduled jobs since the start.",
      labelNames: ["job"] as const,
      registers: [register],
      collect() {
        this.reset();
        for (const [job, count] of app.clubJobs.counts) this.labels(job).inc(count.runs);
      },
    });
    new Counter({
      name: "club_jobs_failures_total",
      help: "Failed runs of each of the club's scheduled jobs since the start.",
      labelNames: ["job"] as const,
      registers: [register],
      collect() {
        this.reset();
        for (const [job, count] of app.clubJobs.counts) this.labels(job).inc(count.failures);
      },
    });
    new Gauge({
      name: "club_backup_newest_age_seconds",
      help: "Seconds since the newest backup in DATA_DIR/backups was taken; absent when there is none.",
      registers: [register],
      async collect() {
        const [newest] = await listBackups(deps.config.backups.dir, deps.config.clubTimezone);
        if (newest) this.set(Math.max(0, (deps.now().getTime() - Date.parse(newest.takenAt)) / 1000));
        else this.reset();
      },
    });
    new Counter({
      name: "club_read_cache_hits_total",
      help: "Public reads answered from the read cache.",
      registers: [register],
      collect() {
        this.reset();
        this.inc(deps.reads.counts.hits);
      },
    });
    new Counter({
      name: "club_read_cache_misses_total",
      help: "Public reads the read cache did not hold, made and then kept.",
      registers: [register],
      collect() {
        this.reset();
        this.inc(deps.reads.counts.misses);
      },
    });

    app.get(METRICS_PATH, async (req, reply) => {
      if (!hasToken(req.headers.authorization, expected))
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send(errorBody(401, ServerMessages.unauthorized));
      const text = await register.metrics();
      return reply.type(register.contentType).header("cache-control", "no-store").send(text);
    });
  },
  { name: "metrics" },
);
