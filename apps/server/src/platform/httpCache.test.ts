import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, openDb, themes } from "@club/db";
import { FOREIGN_WRITE_CHECK_MS } from "./readCache";
import { createTestApp, type TestApp } from "../../test/helpers";
import { newBottle } from "../../test/bottleFixtures";

/**
 * Public reads are cached until the database changes, sent with an ETag (304 when the
 * client's copy is current) and compressed once. A write must show at once in every read, REST
 * and tRPC alike, and a write by another process (the admin CLI) within FOREIGN_WRITE_CHECK_MS.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { DEMO_DATA: "true" } });
  ({ token } = await t.member());
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: "GET", url, headers });
const LIST = "/api/Bottles/AllBottlesList";
const THEMES = "/api/MonthlyThemes/WithLastDate";
const TRPC_LIST = `/trpc/bottles.list?batch=1&input=${encodeURIComponent("{}")}`;

describe("ETag and 304", () => {
  it("sends a weak ETag and no-cache, and 304 with no body when If-None-Match matches", async () => {
    const first = await get(LIST);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");

    const again = await get(LIST, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    // Strong form, a list holding it, and * match too; another tag does not.
    expect((await get(LIST, { "if-none-match": etag.slice(2) })).statusCode).toBe(304);
    expect((await get(LIST, { "if-none-match": `"nope", ${etag}` })).statusCode).toBe(304);
    expect((await get(LIST, { "if-none-match": "*" })).statusCode).toBe(304);
    expect((await get(LIST, { "if-none-match": '"nope"' })).statusCode).toBe(200);
  });

  it("changes the ETag and the body right after a write (REST and tRPC)", async () => {
    const before = await get(LIST);
    const trpcBefore = await get(TRPC_LIST);
    expect(trpcBefore.statusCode).toBe(200);
    const id = await newBottle(t, token, { name: "Freshly Added Cask" });

    const stale = await get(LIST, { "if-none-match": before.headers.etag as string });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).not.toBe(before.headers.etag);
    expect(stale.json<{ id: number }[]>().some((b) => b.id === id)).toBe(true);

    const trpcAfter = await get(TRPC_LIST, { "if-none-match": trpcBefore.headers.etag as string });
    expect(trpcAfter.statusCode).toBe(200);
    const data = trpcAfter.json<{ result: { data: { id: number; name: string }[] } }[]>()[0]?.result.data;
    expect(data?.find((b) => b.id === id)?.name).toBe("Freshly Added Cask");

    const detail = await get(`/api/Bottles/${id}`);
    const update = await t.request({
      method: "POST",
      url: "/api/Bottles/UpdateABV",
      token,
      payload: { bottleId: id, abv: 57.1 },
    });
    expect(update.statusCode).toBe(200);
    const changed = await get(`/api/Bottles/${id}`, { "if-none-match": detail.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ abv: number }>().abv).toBe(57.1);
  });

  it("sees a write by another process (a second connection) within the check interval", async () => {
    const before = await get(THEMES);
    const other = openDb(t.app.deps.config.dbFile);
    try {
      other.insert(themes).values({ description: "Written By The Admin CLI" }).run();
    } finally {
      closeDb(other);
    }
    await new Promise((r) => setTimeout(r, FOREIGN_WRITE_CHECK_MS + 20));
    const after = await get(THEMES, { "if-none-match": before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("Written By The Admin CLI");
  });

  it("never caches an error: an unknown id stays 404 and a later bottle with it is found", async () => {
    const missing = await get("/api/Bottles/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect((await get("/api/Bottles/abc")).statusCode).toBe(400);
  });
});

describe("compression", () => {
  it("sends brotli or gzip as accepted, the same JSON as uncompressed", async () => {
    const plain = await get(LIST, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(LIST, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gz = await get(LIST, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const refused = await get(LIST, { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("sends small bodies as they are", async () => {
    const res = await get("/api/Countries", { "accept-encoding": "br" });
    if (res.rawPayload.length < 1024) expect(res.headers["content-encoding"]).toBeUndefined();
    const health = await get("/healthz", { "accept-encoding": "br" });
    expect(health.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses tRPC answers too, and decodes to tRPC's own envelope", async () => {
    const res = await get(TRPC_LIST, { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    const decoded = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as unknown;
    const rest = (await get(LIST)).json<unknown>();
    expect(decoded).toEqual([{ result: { data: rest } }]);
  });
});

describe("tRPC read fast path", () => {
  const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));

  it("answers exactly what tRPC's own handler answers (cache off)", async () => {
    const on = await createTestApp({ env: { DEMO_DATA: "true" } });
    const off = await createTestApp({ env: { DEMO_DATA: "true", READ_CACHE: "false" } });
    try {
      for (const url of [
        TRPC_LIST,
        `/trpc/bottles.byId?batch=1&input=${input({ 0: { id: 1 } })}`,
        `/trpc/meetings.list,themes.list?batch=1&input=${input({})}`,
        `/trpc/bottles.byId?input=${input({ id: 2 })}`,
      ]) {
        const fast = await on.request({ method: "GET", url });
        const plain = await off.request({ method: "GET", url });
        expect(fast.statusCode, url).toBe(plain.statusCode);
        expect(fast.json(), url).toEqual(plain.json());
      }
    } finally {
      await on.close();
      await off.close();
    }
  });

  it("leaves errors to tRPC: bad input is a 400, an unknown id a 404, in tRPC's envelope", async () => {
    const bad = await get(`/trpc/bottles.byId?batch=1&input=${input({ 0: { id: "x" } })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { data: { code: string } } }[]>()[0]?.error.data.code).toBe("BAD_REQUEST");
    const missing = await get(`/trpc/bottles.byId?batch=1&input=${input({ 0: { id: 987654 } })}`);
    expect(missing.statusCode).toBe(404);
    const broken = await get(`/trpc/bottles.byId?batch=1&input=%7Bnot-json`);
    expect(broken.statusCode).toBe(400);
  });

  it("does not serve member-only procedures from the cache", async () => {
    const res = await get(`/trpc/auth.validateToken?batch=1&input=${input({})}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
