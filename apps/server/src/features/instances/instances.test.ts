import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../kernel/context";
import { ServerMessages } from "@club/shared";
import { countRows, errorOf, newBottle, postJson, snapshot } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let token: string;
let user: AuthUser;
let bottleId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ token, user } = await t.member());
  bottleId = await newBottle(t, token, { name: "Purchased" });
});
afterAll(() => t.close());

const newInstance = (body: Record<string, unknown>, auth: string | null = token) =>
  postJson(t, "/api/BottleInstances/new", body, auth ?? undefined);

const finish = (
  id: number | string,
  extra: { headers?: Record<string, string>; payload?: string } = {},
  auth: string | null = token,
) =>
  t.request({ method: "PUT", url: `/api/BottleInstances/finish/${id}`, token: auth ?? undefined, ...extra });

const isoNear = (value: unknown) => {
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(Math.abs(Date.parse(value as string) - Date.now())).toBeLessThan(60_000);
};

describe("POST /api/BottleInstances/new", () => {
  it("creates an unfinished instance and answers 201 with exactly the BottleInstance fields", async () => {
    const res = await newInstance({
      datePurchased: "2024-03-09",
      purchasePrice: 12.34,
      bottleId,
      dateFinished: null,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number }>();
    expect(body).toEqual({
      id: expect.any(Number),
      bottleId,
      datePurchased: "2024-03-09",
      dateFinished: null,
      purchasePrice: 12.34,
      createdBy: user.id,
      openedDate: null,
      levelPct: null,
      levelSetOn: null,
    });
    // Stored as integer cents, read back as dollars everywhere.
    const row = t.app.deps.db.$client
      .prepare("SELECT purchase_price_cents AS cents FROM bottle_instances WHERE id = ?")
      .get(body.id) as { cents: number };
    expect(row.cents).toBe(1234);
    const detail = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}` });
    expect(detail.json<{ bottleInstances: unknown[] }>().bottleInstances).toContainEqual({
      ...res.json<object>(),
      costPerPour: 0.44,
      fillLevelPct: null,
      levelSource: null,
    });
  });

  it.each([
    [19.99, 1999, 19.99],
    [0.1 + 0.2, 30, 0.3],
    [1.005, 100, 1],
    [0.01, 1, 0.01],
    [7, 700, 7],
    [1_000_000, 100_000_000, 1_000_000],
  ])("round-trips the price %s as %s cents and %s dollars", async (price, cents, dollars) => {
    const res = await newInstance({
      datePurchased: "2024-01-01",
      purchasePrice: price,
      bottleId,
      dateFinished: null,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number; purchasePrice: number }>();
    expect(body.purchasePrice).toBe(dollars);
    const row = t.app.deps.db.$client
      .prepare("SELECT purchase_price_cents AS cents FROM bottle_instances WHERE id = ?")
      .get(body.id) as { cents: number };
    expect(row.cents).toBe(cents);
  });

  it("keeps the calendar date of a full ISO timestamp and accepts a missing dateFinished", async () => {
    const res = await newInstance({ datePurchased: "2024-07-04T18:30:00.000Z", purchasePrice: 50, bottleId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ datePurchased: "2024-07-04", dateFinished: null });
  });

  it.each([
    ["a missing price", { datePurchased: "2024-01-01", bottleId }],
    ["a price as a string", { datePurchased: "2024-01-01", purchasePrice: "12.34", bottleId }],
    ["a negative price", { datePurchased: "2024-01-01", purchasePrice: -1, bottleId }],
    ["a price of zero (more than $0)", { datePurchased: "2024-01-01", purchasePrice: 0, bottleId }],
    ["a date in the future", { datePurchased: "2999-01-01", purchasePrice: 10, bottleId }],
    ["a huge price", { datePurchased: "2024-01-01", purchasePrice: 1e12, bottleId }],
    ["a missing date", { purchasePrice: 10, bottleId }],
    ["an impossible date", { datePurchased: "2024-02-30", purchasePrice: 10, bottleId }],
    ["a date in another format", { datePurchased: "03/09/2024", purchasePrice: 10, bottleId }],
    ["a missing bottleId", { datePurchased: "2024-01-01", purchasePrice: 10 }],
    ["a string bottleId", { datePurchased: "2024-01-01", purchasePrice: 10, bottleId: String(1) }],
    [
      "a dateFinished",
      { datePurchased: "2024-01-01", purchasePrice: 10, bottleId: 1, dateFinished: "2024-02-01" },
    ],
  ])("refuses %s with 400 and changes nothing", async (_label, body) => {
    const before = snapshot(t);
    const res = await newInstance(body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "BAD_REQUEST", message: ServerMessages.validation });
    expect(snapshot(t)).toEqual(before);
  });

  it("answers 404 for an unknown bottle and changes nothing", async () => {
    const before = snapshot(t);
    const res = await newInstance({
      datePurchased: "2024-01-01",
      purchasePrice: 10,
      bottleId: 999_999,
      dateFinished: null,
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: "NOT_FOUND", message: ServerMessages.bottleNotFound });
    expect(snapshot(t)).toEqual(before);
  });

  it("answers 401 without a valid token and changes nothing", async () => {
    const before = snapshot(t);
    const body = { datePurchased: "2024-01-01", purchasePrice: 10, bottleId, dateFinished: null };
    expect((await newInstance(body, null)).statusCode).toBe(401);
    expect((await newInstance(body, "not-a-jwt")).statusCode).toBe(401);
    expect(snapshot(t)).toEqual(before);
  });
});

describe("PUT /api/BottleInstances/finish/{id}", () => {
  const create = async () =>
    (
      await newInstance({ datePurchased: "2024-02-02", purchasePrice: 30, bottleId, dateFinished: null })
    ).json<{
      id: number;
    }>().id;

  it("finishes with no body at all, sets dateFinished to now and answers the instance", async () => {
    const id = await create();
    const res = await finish(id);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ dateFinished: string }>();
    expect(body).toEqual({
      id,
      bottleId,
      datePurchased: "2024-02-02",
      dateFinished: expect.any(String),
      purchasePrice: 30,
      createdBy: user.id,
      openedDate: null,
      levelPct: null,
      levelSetOn: null,
    });
    isoNear(body.dateFinished);
    const detail = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}` });
    expect(detail.json<{ bottleInstances: unknown[] }>().bottleInstances).toContainEqual({
      ...res.json<object>(),
      costPerPour: 1.07,
      fillLevelPct: null,
      levelSource: null,
    });
  });

  it("accepts an empty body sent with Content-Type: application/json (the floor's client)", async () => {
    const id = await create();
    const res = await finish(id, { headers: { "content-type": "application/json" }, payload: "" });
    expect(res.statusCode).toBe(200);
    isoNear(res.json<{ dateFinished: string }>().dateFinished);
  });

  it("ignores a body if one is sent anyway", async () => {
    const id = await create();
    const json = await finish(id, { headers: { "content-type": "application/json" }, payload: "{}" });
    expect(json.statusCode).toBe(200);
    const other = await create();
    const text = await finish(other, { headers: { "content-type": "text/plain" }, payload: "whatever" });
    expect(text.statusCode).toBe(200);
  });

  it("answers 409 when finishing twice and keeps the first date", async () => {
    const id = await create();
    const first = (await finish(id)).json<{ dateFinished: string }>();
    const second = await finish(id);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toEqual({ code: "CONFLICT", message: ServerMessages.instanceAlreadyFinished });
    const row = t.app.deps.db.$client
      .prepare("SELECT date_finished AS d FROM bottle_instances WHERE id = ?")
      .get(id) as { d: string };
    expect(row.d).toBe(first.dateFinished);
  });

  it("answers 404 for an unknown instance and 400 for a bad id", async () => {
    const unknown = await finish(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: "NOT_FOUND", message: ServerMessages.instanceNotFound });
    expect((await finish("abc")).statusCode).toBe(400);
    expect((await finish("0")).statusCode).toBe(400);
  });

  it("answers 401 without a valid token and changes nothing", async () => {
    const id = await create();
    expect((await finish(id, {}, null)).statusCode).toBe(401);
    expect(
      (await finish(id, { headers: { "content-type": "application/json" }, payload: "" }, null)).statusCode,
    ).toBe(401);
    expect(countRows(t, `bottle_instances WHERE id = ${id} AND date_finished IS NULL`)).toBe(1);
  });
});

describe("tRPC instances procedures match their REST twins", () => {
  it("create returns what REST returns and finish behaves alike", async () => {
    const caller = t.caller(user);
    const input = { datePurchased: "2023-12-24", purchasePrice: 12.34, bottleId, dateFinished: null };
    const viaTrpc = await caller.instances.create(input);
    const viaRest = (await newInstance(input)).json<{ id: number }>();
    expect({ ...viaTrpc, id: 0 }).toEqual({ ...viaRest, id: 0 });

    const finished = await caller.instances.finish({ id: viaTrpc.id });
    isoNear(finished.dateFinished);
    expect(finished).toEqual({ ...viaTrpc, dateFinished: finished.dateFinished });
    await expect(caller.instances.finish({ id: viaTrpc.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: ServerMessages.instanceAlreadyFinished,
    });
    await expect(caller.instances.finish({ id: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const restFinished = (await finish(viaRest.id)).json<{ dateFinished: string }>();
    expect(Object.keys(restFinished).sort()).toEqual(Object.keys(finished).sort());
  });

  it("refuses visitors and bad input", async () => {
    const before = snapshot(t);
    const visitor = t.caller();
    await expect(
      visitor.instances.create({
        datePurchased: "2024-01-01",
        purchasePrice: 1,
        bottleId,
        dateFinished: null,
      }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(visitor.instances.finish({ id: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(
      t.caller(user).instances.create({ datePurchased: "2024-13-01", purchasePrice: 1, bottleId }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      t.caller(user).instances.create({ datePurchased: "2024-01-01", purchasePrice: 1, bottleId: 999_999 }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: ServerMessages.bottleNotFound });
    expect(snapshot(t)).toEqual(before);
  });
});
