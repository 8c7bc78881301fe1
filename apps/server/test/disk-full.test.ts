import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { DISK_FULL_LOG } from "../src/kernel/errors";
import { loggerOptions } from "../src/platform/logger";
import { createTestApp, type TestApp } from "./helpers";
import { snapshot } from "./fuzz/endpoints";

/**
 * A full disk under DATA_DIR (an 8 MB tmpfs answered 397 of 400 writes with a 500 and SQLite's
 * "database or disk is full"). Here SQLite's own size cap (PRAGMA max_page_count) makes the
 * database full as a full disk does, with the same SQLITE_FULL: each refused write is a 503 with
 * Retry-After in the API's error shape, /healthz says why, the log says what to do, nothing
 * changes, and writes work again once there is room, without a restart.
 */
describe("a full disk", () => {
  let t: TestApp;
  const lines: { msg?: string; level?: number }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean))
          lines.push(JSON.parse(line) as { msg?: string });
        done();
      },
    });
    t = await createTestApp({ env: { RATE_LIMIT: "false" }, logger: { ...loggerOptions("info"), stream } });
  });
  afterAll(() => t.close());

  const client = () => t.app.deps.db.$client;
  const theme = (token: string, n: number) =>
    t.request({
      method: "POST",
      url: "/api/MonthlyThemes",
      payload: { description: `Full disk ${n} ${"x".repeat(150)}` },
      token,
    });

  it("refuses writes with a 503 and Retry-After (REST and tRPC), says why on /healthz, changes nothing", async () => {
    const admin = await t.member(undefined, { role: "admin" });
    expect((await t.request({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const pages = client().pragma("page_count", { simple: true }) as number;
    client().pragma(`max_page_count = ${pages}`);
    // Writes until the database has no page left (the first ones may fit in free space).
    let refused;
    for (let n = 0; n < 1000 && !refused; n++) {
      const res = await theme(admin.token, n);
      if (res.statusCode !== 201) refused = res;
    }
    expect(refused?.statusCode, refused?.body).toBe(503);
    expect(refused?.headers["retry-after"]).toBe("60");
    expect(refused?.json()).toEqual({ error: { code: "DISK_FULL", message: ServerMessages.diskFull } });
    const before = snapshot(t);
    const again = await theme(admin.token, 5000);
    expect(again.statusCode).toBe(503);
    const trpc = await t.request({
      method: "POST",
      url: "/trpc/themes.create",
      payload: { id: 0, description: "Over tRPC on a full disk" },
      token: admin.token,
    });
    expect(trpc.statusCode, trpc.body).toBe(503);
    expect(trpc.json()).toMatchObject({
      error: { message: ServerMessages.diskFull, data: { reason: "DISK_FULL" } },
    });
    expect(snapshot(t)).toBe(before);
    // Reads still answer; the health check says why it is unhealthy.
    expect((await t.request({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" })).statusCode).toBe(200);
    const health = await t.request({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({
      status: "unavailable",
      reason: expect.stringMatching(/disk under DATA_DIR is full/),
    });
    // The log says what to do, once per refused request, never a 500's "unhandled error".
    expect(lines.filter((l) => l.msg === DISK_FULL_LOG).length).toBeGreaterThanOrEqual(3);
    expect(lines.some((l) => l.msg === "unhandled error" || l.msg === "tRPC error")).toBe(false);
  });

  it("takes writes again once there is room, without a restart", async () => {
    client().pragma("max_page_count = 4294967294");
    const health = await t.request({ method: "GET", url: "/healthz" });
    expect(health.statusCode, health.body).toBe(200);
    const admin = await t.member(undefined, { role: "admin" });
    expect((await theme(admin.token, 9999)).statusCode).toBe(201);
  });
});
