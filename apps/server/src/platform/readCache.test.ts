import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bottleComments, bottles, members } from "@club/db";
import { ServerMessages } from "@club/shared";
import { createTestApp, type TestApp } from "../../test/helpers";
import { readKey } from "./readCache";
import { MAX_BATCH_CALLS } from "../app/security";

/**
 * A security finding: a visitor filled the server's memory through the read cache (a whole
 * batch answer cached under its raw URL, batches of any size, a cache bounded by entries and not
 * bytes). Now keys are the procedure and its validated input, batches are answered from per-call
 * entries and limited to MAX_BATCH_CALLS, and the cache holds at most READ_CACHE_MB.
 */
const BUDGET_MB = 1;
const BOTTLES = 400;
let t: TestApp;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_MB: String(BUDGET_MB), RATE_LIMIT: "false" } });
  const { db } = t.app.deps;
  const member = db
    .insert(members)
    .values({ email: "flood@example.com", passwordHash: "x", firstName: "F", lastName: "L" })
    .returning({ id: members.id })
    .get();
  ids = db.transaction((tx) =>
    Array.from({ length: BOTTLES }, (_, i) => {
      const { id } = tx
        .insert(bottles)
        .values({ name: `Flood bottle ${i} ${"x".repeat(150)}`, abv: 40 + (i % 20) })
        .returning({ id: bottles.id })
        .get();
      for (let c = 0; c < 6; c++)
        tx.insert(bottleComments)
          .values({ bottleId: id, memberId: member.id, comment: `Comment ${c} ${"y".repeat(300)}` })
          .run();
      return id;
    }),
  );
});
afterAll(() => t.close());

const reads = () => t.app.deps.reads;
/** As a browser asks: compressed answers are cached too. */
const get = (url: string) =>
  t.request({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
const getPlain = (url: string) => t.request({ method: "GET", url });
const batchUrl = (paths: string[], inputs: Record<string, unknown>, extra = "") =>
  `/trpc/${paths.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}${extra}`;

describe("the read cache under a flood of hostile reads", () => {
  it("keys a read by procedure and validated input: junk query parameters add no entry", async () => {
    reads().clear();
    const id = ids[0] as number;
    for (let v = 0; v < 50; v++)
      expect((await get(`/api/Bottles/${id}?v=${v}&x=${"z".repeat(v)}`)).statusCode).toBe(200);
    for (let r = 0; r < 50; r++) {
      const res = await get(batchUrl(["bottles.byId"], { 0: { id, r } }, `&r=${r}`));
      expect(res.statusCode).toBe(200);
    }
    // One entry for the bottle, whichever transport and whatever junk came along.
    expect(reads().size).toBe(1);
    expect(reads().get(readKey("bottles.byId", { id }))).toBeDefined();
  });

  it("answers a batch from per-call entries and never stores it whole", async () => {
    reads().clear();
    const paths = Array.from({ length: MAX_BATCH_CALLS }, () => "bottles.list");
    for (let r = 0; r < 20; r++) {
      const res = await getPlain(batchUrl(paths, Object.fromEntries(paths.map((_, i) => [i, { r }]))));
      expect(res.statusCode).toBe(200);
      expect(res.json<unknown[]>()).toHaveLength(MAX_BATCH_CALLS);
    }
    expect(reads().size).toBe(1);
  });

  it(`refuses a batch of more than ${MAX_BATCH_CALLS} calls with a 400, on GET and POST alike`, async () => {
    const before = reads().size;
    const paths = Array.from({ length: 383 }, () => "bottles.list");
    const res = await getPlain(batchUrl(paths, { r: 1 }));
    expect(res.statusCode).toBe(400);
    const items = res.json<{ error: { message: string; data: { code: string } } }[]>();
    expect(items[0]?.error).toMatchObject({
      message: ServerMessages.batchTooLarge,
      data: { code: "BAD_REQUEST" },
    });
    const post = await t.request({
      method: "POST",
      url: `/trpc/${Array.from({ length: MAX_BATCH_CALLS + 1 }, () => "themes.create").join(",")}?batch=1`,
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(post.statusCode).toBe(400);
    expect(reads().size).toBe(before);
  });

  it(`stays within its byte budget (${BUDGET_MB} MB) however many distinct reads come in`, async () => {
    reads().clear();
    for (const id of ids) {
      expect((await get(`/api/Bottles/${id}?v=${Math.random()}`)).statusCode).toBe(200);
      expect((await get(`/api/BottleComments/bottle/${id}`)).statusCode).toBe(200);
      const batch = batchUrl(["bottles.byId", "comments.byBottle"], { 0: { id }, 1: { bottleId: id } });
      expect((await get(batch)).statusCode).toBe(200);
      expect(reads().bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
    }
    // Far more was read than fits: the least recently used answers went.
    expect(reads().size).toBeLessThan(2 * BOTTLES);
    expect(reads().size).toBeGreaterThan(50);
    // The newest answers are still there, the oldest are not.
    const last = ids[ids.length - 1] as number;
    expect(reads().get(readKey("comments.byBottle", { bottleId: last }))).toBeDefined();
    expect(reads().get(readKey("comments.byBottle", { bottleId: ids[0] as number }))).toBeUndefined();
  });

  it("counts compressed forms against the budget too", async () => {
    reads().clear();
    const res = await get("/api/Bottles/AllBottlesList");
    expect(res.headers["content-encoding"]).toBe("br");
    const answer = reads().get(readKey("bottles.list", undefined));
    expect(answer).toBeDefined();
    // The JSON and its brotli body.
    expect(answer?.bytes).toBeGreaterThan(answer?.json.length ?? Infinity);
    expect(reads().bytes).toBeGreaterThanOrEqual(answer?.bytes ?? Infinity);
  });
});
