import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { ConfigError, loadConfig } from "../config";

const TOKEN = "metrics-token-0123456789";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, read line by line: `name{a="x",b="y"} value`, # HELP and # TYPE. */
function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1] ?? "", type[2] ?? "");
    if (line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key = "", value = ""] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key] = value;
    samples.push({ name: m[1] ?? "", labels, value: Number(m[3]) });
  }
  return { samples, types };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe("GET /metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["member"]>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    admin = await t.member("metrics-admin@example.com", { role: "admin" });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.request({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(res.body);
  };

  it("refuses a scrape without the token, or with another, with a 401", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.request({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(res.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    }
    // A member's own access token is not the metrics token.
    const member = await t.request({ method: "GET", url: "/metrics", token: admin.token });
    expect(member.statusCode).toBe(401);
  });

  it("counts requests by route pattern and status, with their durations", async () => {
    const bottle = (await t.caller(admin.user).bottles.create({ name: "Peat Monster", abv: 46 })).id;
    for (const id of [bottle, bottle + 1000, bottle + 2000])
      await t.request({ method: "GET", url: `/api/Bottles/${id}` });
    await t.request({ method: "GET", url: "/api/Bottles?x=1" });
    await t.request({ method: "GET", url: "/no/such/path/12345", headers: { accept: "application/json" } });
    const { samples, types } = await scrape();
    const name = "club_http_request_duration_seconds";
    expect(types.get(name)).toBe("histogram");
    // The pattern, never the URL: one series for every id, by status.
    const count = (labels: Record<string, string>) => find(samples, `${name}_count`, labels)[0]?.value;
    expect(count({ method: "GET", route: "/api/Bottles/:id", status: "200" })).toBe(1);
    expect(count({ method: "GET", route: "/api/Bottles/:id", status: "404" })).toBe(2);
    expect(count({ route: "/api/Bottles", status: "200" })).toBe(1);
    expect(count({ route: "(no route)", status: "404" })).toBe(1);
    expect(samples.some((s) => /12345|\?x=1|Bottles\/\d/.test(JSON.stringify(s.labels)))).toBe(false);
    const buckets = find(samples, `${name}_bucket`, { route: "/api/Bottles" });
    expect(buckets.at(-1)?.labels.le).toBe("+Inf");
    expect(find(samples, `${name}_sum`, { route: "/api/Bottles" })[0]?.value).toBeGreaterThan(0);
  });

  it("shows the event loop's delay, the database's size, live streams, jobs, backups and the read cache", async () => {
    await t.app.clubJobs.run();
    await t.request({ method: "POST", url: "/api/Backups", token: admin.token });
    const read = "/api/MonthlyThemes/WithLastDate";
    await t.request({ method: "GET", url: read });
    await t.request({ method: "GET", url: read });
    const { samples } = await scrape();
    const one = (name: string, labels?: Record<string, string>) => {
      const found = find(samples, name, labels);
      expect(found, name).toHaveLength(1);
      return found[0]!.value;
    };
    expect(one("club_nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(one("club_process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(one("club_database_bytes")).toBeGreaterThan(100_000);
    expect(one("club_live_streams_open")).toBe(0);
    expect(one("club_jobs_runs_total", { job: "housekeeping" })).toBeGreaterThanOrEqual(1);
    expect(one("club_jobs_runs_total", { job: "backup" })).toBeGreaterThanOrEqual(1);
    expect(one("club_jobs_failures_total", { job: "backup" })).toBe(0);
    const age = one("club_backup_newest_age_seconds");
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(3600);
    expect(one("club_read_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(one("club_read_cache_misses_total")).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is a 404, whoever asks", async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}` },
      { accept: "*/*" },
      { accept: "text/html" },
    ]) {
      const res = await t.request({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
  });

  it("a short token stops the start with a clear line", () => {
    expect(() => loadConfig({ DATA_DIR: "/tmp/club-metrics-config", METRICS_TOKEN: "short" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: "/tmp/club-metrics-config", METRICS_TOKEN: "short" })).toThrow(
      "Invalid configuration: METRICS_TOKEN must be at least 16 characters",
    );
  });
});
