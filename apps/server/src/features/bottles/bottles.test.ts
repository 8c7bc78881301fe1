import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../kernel/context";
import { Messages, ServerMessages } from "@club/shared";
import { countRows, errorOf, lookupId, newBottle, postJson, snapshot } from "../../../test/bottleFixtures";
import { createTestApp, forgedToken, type TestApp } from "../../../test/helpers";

let t: TestApp;
let token: string;
let user: AuthUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ token, user } = await t.member());
});
afterAll(() => t.close());

const detail = async (id: number) => {
  const res = await t.request({ method: "GET", url: `/api/Bottles/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, unknown>>();
};

const brandCount = () => countRows(t, "brands");

describe("POST /api/Bottles/NewBottle", () => {
  it("creates a bottle, answers 201 {id}, and GET /api/Bottles/{id} returns exactly its fields", async () => {
    const bourbon = lookupId(t, "drink_types", "Bourbon");
    const us = lookupId(t, "countries", "United States");
    const ky = lookupId(t, "states", "Kentucky");
    const res = await postJson(
      t,
      "/api/Bottles/NewBottle",
      {
        name: "  Eagle Rare 10  ",
        storeLink: "https://example.com/eagle-rare",
        brandId: null,
        newBrand: "Buffalo Trace",
        drinkTypeId: bourbon,
        countryId: us,
        stateId: ky,
        abv: 45,
      },
      token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const { id } = res.json<{ id: number }>();
    expect(res.json()).toEqual({ id: expect.any(Number) });
    const brandId = lookupId(t, "brands", "Buffalo Trace");
    expect(await detail(id)).toEqual({
      id,
      name: "Eagle Rare 10",
      brand: "Buffalo Trace",
      drinkType: "Bourbon",
      country: "United States",
      state: "Kentucky",
      abv: 45,
      storeLink: "https://example.com/eagle-rare",
      brandId,
      drinkTypeId: bourbon,
      countryId: us,
      stateId: ky,
      hasImage: false,
      imageVersion: null,
      sizeMl: 700,
      bottleInstances: [],
      aliases: [],
      barcode: null,
    });
  });

  it("reuses an existing brand for newBrand, case-insensitively", async () => {
    const before = brandCount();
    const existing = lookupId(t, "brands", "Buffalo Trace");
    const id = await newBottle(t, token, { name: "Buffalo Trace Bourbon", newBrand: "bUFFALO tRACE" });
    expect(brandCount()).toBe(before);
    expect(await detail(id)).toMatchObject({ brandId: existing, brand: "Buffalo Trace" });
  });

  it("uses the bottle name as the brand when newBrand is empty and no brandId is given", async () => {
    const before = brandCount();
    const id = await newBottle(t, token, { name: "Lagavulin 16", newBrand: "", brandId: null });
    expect(brandCount()).toBe(before + 1);
    expect(await detail(id)).toMatchObject({ brand: "Lagavulin 16" });
    // newBrand missing altogether, name matching that brand in another case: reused.
    const again = await newBottle(t, token, { name: "LAGAVULIN 16" });
    expect(brandCount()).toBe(before + 1);
    expect(await detail(again)).toMatchObject({ brand: "Lagavulin 16", name: "LAGAVULIN 16" });
  });

  it("uses brandId when newBrand is empty or blank", async () => {
    const brandId = lookupId(t, "brands", "Buffalo Trace");
    const before = brandCount();
    const id = await newBottle(t, token, { name: "Stagg Jr", brandId, newBrand: "   " });
    expect(brandCount()).toBe(before);
    expect(await detail(id)).toMatchObject({ brandId, brand: "Buffalo Trace" });
  });

  it("lets a non-empty newBrand replace brandId", async () => {
    const brandId = lookupId(t, "brands", "Buffalo Trace");
    const id = await newBottle(t, token, { name: "Elijah Craig", brandId, newBrand: "Heaven Hill" });
    expect(await detail(id)).toMatchObject({
      brand: "Heaven Hill",
      brandId: lookupId(t, "brands", "Heaven Hill"),
    });
  });

  it("stores an empty or missing storeLink as null and leaves absent lookups null", async () => {
    const a = await newBottle(t, token, { name: "No Link", storeLink: "" });
    const b = await newBottle(t, token, { name: "No Link Either" });
    for (const id of [a, b])
      expect(await detail(id)).toMatchObject({
        storeLink: null,
        drinkType: null,
        drinkTypeId: null,
        country: null,
        countryId: null,
        state: null,
        stateId: null,
      });
  });

  it.each([
    ["a missing name", { abv: 40 }],
    ["a blank name", { name: "   ", abv: 40 }],
    ["a missing abv", { name: "X" }],
    ["abv as a string", { name: "X", abv: "40" }],
    ["abv above 100", { name: "X", abv: 100.1 }],
    ["abv below 0", { name: "X", abv: -1 }],
    ["a javascript: store link", { name: "X", abv: 40, storeLink: "javascript:alert(1)" }],
    ["an ftp store link", { name: "X", abv: 40, storeLink: "ftp://example.com/x" }],
    ["a relative store link", { name: "X", abv: 40, storeLink: "/shop/x" }],
    ["a string brandId", { name: "X", abv: 40, brandId: "1" }],
    ["a fractional drinkTypeId", { name: "X", abv: 40, drinkTypeId: 1.5 }],
    ["a name over 200 characters", { name: "x".repeat(201), abv: 40 }],
  ])("refuses %s with 400 and changes nothing", async (_label, body) => {
    const before = snapshot(t);
    const res = await postJson(t, "/api/Bottles/NewBottle", body, token);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe("BAD_REQUEST");
    expect(errorOf(res).issues).toBeDefined();
    expect(snapshot(t)).toEqual(before);
  });

  it("answers an ABV problem with the floor's ABV message", async () => {
    const res = await postJson(t, "/api/Bottles/NewBottle", { name: "X", abv: 101 }, token);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(Messages.abvRange);
  });

  it("says the same about ABV over tRPC, for a new bottle and an ABV edit, and changes nothing", async () => {
    const before = snapshot(t);
    const trpc = (procedure: string, input: unknown) =>
      t.request({
        method: "POST",
        url: `/trpc/${procedure}`,
        payload: input as Record<string, unknown>,
        token,
      });
    for (const [procedure, input] of [
      ["bottles.create", { name: "X", abv: 101 }],
      ["bottles.updateAbv", { bottleId: 1, abv: -5 }],
    ] as const) {
      const res = await trpc(procedure, input);
      expect(res.statusCode, procedure).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message, procedure).toBe(Messages.abvRange);
    }
    expect(snapshot(t)).toEqual(before);
  });

  it("refuses malformed JSON with 400", async () => {
    const before = snapshot(t);
    const res = await t.request({
      method: "POST",
      url: "/api/Bottles/NewBottle",
      headers: { "content-type": "application/json" },
      payload: "{name:",
      token,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(ServerMessages.malformedJson);
    expect(snapshot(t)).toEqual(before);
  });

  it.each([
    ["brandId", { brandId: 999_999 }, ServerMessages.brandNotFound],
    ["drinkTypeId", { drinkTypeId: 999_999 }, ServerMessages.drinkTypeNotFound],
    ["countryId", { countryId: 999_999 }, ServerMessages.countryNotFound],
    ["stateId", { stateId: 999_999 }, ServerMessages.stateNotFound],
  ])("answers an unknown %s with 404 and changes nothing", async (_label, body, message) => {
    const before = snapshot(t);
    const res = await postJson(t, "/api/Bottles/NewBottle", { name: "Ghost", abv: 40, ...body }, token);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: "NOT_FOUND", message });
    expect(snapshot(t)).toEqual(before);
  });

  it("does not create a brand when a later lookup id is unknown", async () => {
    const before = snapshot(t);
    const res = await postJson(
      t,
      "/api/Bottles/NewBottle",
      { name: "Half Made", newBrand: "Brand That Must Not Exist", abv: 40, stateId: 999_999 },
      token,
    );
    expect(res.statusCode).toBe(404);
    expect(snapshot(t)).toEqual(before);
  });
});

describe("401 on every bottle write without a valid token", () => {
  const writes: [string, Record<string, unknown>][] = [
    ["/api/Bottles/NewBottle", { name: "X", abv: 40 }],
    ["/api/Bottles/UpdateBrand", { bottleId: 1, brandId: 1 }],
    ["/api/Bottles/UpdateDrinkType", { bottleId: 1, drinkTypeId: 1 }],
    ["/api/Bottles/UpdateCountry", { bottleId: 1, countryId: 1 }],
    ["/api/Bottles/UpdateState", { bottleId: 1, stateId: 1 }],
    ["/api/Bottles/UpdateABV", { bottleId: 1, abv: 40 }],
  ];
  it.each(writes)("POST %s", async (url, body) => {
    const before = snapshot(t);
    const missing = await postJson(t, url, body);
    expect(missing.statusCode).toBe(401);
    expect(errorOf(missing)).toEqual({ code: "UNAUTHORIZED", message: ServerMessages.unauthorized });
    const forged = await postJson(t, url, body, forgedToken(token));
    expect(forged.statusCode).toBe(401);
    // Authentication is checked before the body: an invalid body without a token is still 401.
    expect((await postJson(t, url, { nonsense: true })).statusCode).toBe(401);
    expect(snapshot(t)).toEqual(before);
  });
});

describe("GET /api/Bottles/AllBottlesList and GET /api/Bottles", () => {
  let t2: TestApp;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t2 = await createTestApp();
    const { token: tk } = await t2.member();
    const rye = lookupId(t2, "drink_types", "Rye Whiskey");
    const scotland = lookupId(t2, "countries", "Scotland");
    const islay = lookupId(t2, "states", "Islay");
    ids = {
      laphroaig: await newBottle(t2, tk, {
        name: "laphroaig 10",
        abv: 43,
        countryId: scotland,
        stateId: islay,
      }),
      ardbeg: await newBottle(t2, tk, { name: "Ardbeg Uigeadail", abv: 54.2, newBrand: "Ardbeg" }),
      rittenhouse: await newBottle(t2, tk, { name: "Rittenhouse Rye", abv: 50, drinkTypeId: rye }),
    };
  });
  afterAll(() => t2.close());

  it("answers [] for an empty library", async () => {
    const empty = await createTestApp();
    try {
      for (const url of ["/api/Bottles/AllBottlesList", "/api/Bottles"]) {
        const res = await empty.request({ method: "GET", url });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([]);
      }
    } finally {
      await empty.close();
    }
  });

  it("lists every bottle with joined names (null when absent), sorted by name case-insensitively", async () => {
    const res = await t2.request({ method: "GET", url: "/api/Bottles/AllBottlesList" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: ids.ardbeg,
        name: "Ardbeg Uigeadail",
        brand: "Ardbeg",
        drinkType: null,
        country: null,
        state: null,
        abv: 54.2,
      },
      {
        id: ids.laphroaig,
        name: "laphroaig 10",
        brand: "laphroaig 10",
        drinkType: null,
        country: "Scotland",
        state: "Islay",
        abv: 43,
      },
      {
        id: ids.rittenhouse,
        name: "Rittenhouse Rye",
        brand: "Rittenhouse Rye",
        drinkType: "Rye Whiskey",
        country: null,
        state: null,
        abv: 50,
      },
    ]);
  });

  it("GET /api/Bottles answers {id, name} sorted by name", async () => {
    const res = await t2.request({ method: "GET", url: "/api/Bottles" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: ids.ardbeg, name: "Ardbeg Uigeadail" },
      { id: ids.laphroaig, name: "laphroaig 10" },
      { id: ids.rittenhouse, name: "Rittenhouse Rye" },
    ]);
  });

  it("is public, and the tRPC twins return the same data", async () => {
    const list = await t2.request({ method: "GET", url: "/api/Bottles/AllBottlesList" });
    const options = await t2.request({ method: "GET", url: "/api/Bottles" });
    const visitor = t2.caller();
    expect(await visitor.bottles.list()).toEqual(list.json());
    expect(await visitor.bottles.options()).toEqual(options.json());
    const detailRes = await t2.request({ method: "GET", url: `/api/Bottles/${ids.laphroaig}` });
    expect(await visitor.bottles.byId({ id: ids.laphroaig! })).toEqual(detailRes.json());
  });
});

describe("GET /api/Bottles/{id}", () => {
  it("answers 404 for an unknown bottle", async () => {
    const res = await t.request({ method: "GET", url: "/api/Bottles/987654" });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: "NOT_FOUND", message: ServerMessages.bottleNotFound });
    await expect(t.caller().bottles.byId({ id: 987654 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it.each(["abc", "0", "-3", "1.5"])("answers 400 for the id %s", async (id) => {
    const res = await t.request({ method: "GET", url: `/api/Bottles/${id}` });
    expect(res.statusCode).toBe(400);
  });

  it("lists the bottle's instances by purchase date", async () => {
    const id = await newBottle(t, token, { name: "Instance Order" });
    for (const datePurchased of ["2024-05-01", "2023-01-15", "2024-01-01"]) {
      const res = await postJson(
        t,
        "/api/BottleInstances/new",
        { datePurchased, purchasePrice: 10, bottleId: id, dateFinished: null },
        token,
      );
      expect(res.statusCode).toBe(201);
    }
    const body = await detail(id);
    expect((body.bottleInstances as { datePurchased: string }[]).map((i) => i.datePurchased)).toEqual([
      "2023-01-15",
      "2024-01-01",
      "2024-05-01",
    ]);
  });
});

describe("POST /api/Bottles/Update*", () => {
  let bottleId: number;
  beforeAll(async () => {
    bottleId = await newBottle(t, token, { name: "Update Me", abv: 40 });
  });

  it("UpdateBrand sets the brand and answers 200 {ok: true}", async () => {
    const brandId = lookupId(t, "brands", "Heaven Hill");
    const res = await postJson(t, "/api/Bottles/UpdateBrand", { bottleId, brandId }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await detail(bottleId)).toMatchObject({ brandId, brand: "Heaven Hill" });
  });

  it("UpdateDrinkType sets the drink type", async () => {
    const drinkTypeId = lookupId(t, "drink_types", "Wheated Bourbon");
    const res = await postJson(t, "/api/Bottles/UpdateDrinkType", { bottleId, drinkTypeId }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await detail(bottleId)).toMatchObject({ drinkTypeId, drinkType: "Wheated Bourbon" });
  });

  it("UpdateCountry sets the country", async () => {
    const countryId = lookupId(t, "countries", "Japan");
    const res = await postJson(t, "/api/Bottles/UpdateCountry", { bottleId, countryId }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await detail(bottleId)).toMatchObject({ countryId, country: "Japan" });
  });

  it("UpdateState sets the state", async () => {
    const stateId = lookupId(t, "states", "Osaka");
    const res = await postJson(t, "/api/Bottles/UpdateState", { bottleId, stateId }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await detail(bottleId)).toMatchObject({ stateId, state: "Osaka" });
  });

  it("UpdateABV sets the ABV, including the bounds 0 and 100", async () => {
    for (const abv of [0, 100, 46.3]) {
      const res = await postJson(t, "/api/Bottles/UpdateABV", { bottleId, abv }, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await detail(bottleId)).toMatchObject({ abv });
    }
  });

  it.each([101, -0.5, "45", null])("UpdateABV refuses %s with 400 and the floor's message", async (abv) => {
    const res = await postJson(t, "/api/Bottles/UpdateABV", { bottleId, abv }, token);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe("ABV must be a number between 0 and 100.");
    expect(await detail(bottleId)).toMatchObject({ abv: 46.3 });
  });

  it.each([
    ["/api/Bottles/UpdateBrand", "brandId", ServerMessages.brandNotFound],
    ["/api/Bottles/UpdateDrinkType", "drinkTypeId", ServerMessages.drinkTypeNotFound],
    ["/api/Bottles/UpdateCountry", "countryId", ServerMessages.countryNotFound],
    ["/api/Bottles/UpdateState", "stateId", ServerMessages.stateNotFound],
  ])("%s answers 404 for an unknown bottle or lookup id and changes nothing", async (url, field, message) => {
    const before = await detail(bottleId);
    const unknownLookup = await postJson(t, url, { bottleId, [field]: 999_999 }, token);
    expect(unknownLookup.statusCode).toBe(404);
    expect(errorOf(unknownLookup)).toEqual({ code: "NOT_FOUND", message });
    const unknownBottle = await postJson(t, url, { bottleId: 999_999, [field]: 1 }, token);
    expect(unknownBottle.statusCode).toBe(404);
    expect(errorOf(unknownBottle)).toEqual({ code: "NOT_FOUND", message: ServerMessages.bottleNotFound });
    const invalid = await postJson(t, url, { bottleId, [field]: "one" }, token);
    expect(invalid.statusCode).toBe(400);
    const missing = await postJson(t, url, { bottleId }, token);
    expect(missing.statusCode).toBe(400);
    expect(await detail(bottleId)).toEqual(before);
  });

  it("UpdateABV answers 404 for an unknown bottle", async () => {
    const res = await postJson(t, "/api/Bottles/UpdateABV", { bottleId: 999_999, abv: 40 }, token);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(ServerMessages.bottleNotFound);
  });
});

describe("tRPC bottles procedures match their REST twins", () => {
  it("create and byId", async () => {
    const caller = t.caller(user);
    const input = { name: "Twin Bottle", newBrand: "Twin Brand", abv: 47, storeLink: "" };
    const { id } = await caller.bottles.create(input);
    const viaRest = await newBottle(t, token, { ...input, name: "Twin Bottle REST" });
    const a = await caller.bottles.byId({ id });
    const b = await detail(viaRest);
    expect({ ...a, id: 0, name: "" }).toEqual({ ...b, id: 0, name: "" });
    expect(a).toEqual(await detail(id));
  });

  it("update procedures answer {ok: true} like REST and change the same fields", async () => {
    const caller = t.caller(user);
    const { id: bottleId } = await caller.bottles.create({ name: "Twin Updates", abv: 40 });
    const brandId = lookupId(t, "brands", "Heaven Hill");
    const drinkTypeId = lookupId(t, "drink_types", "Rum");
    const countryId = lookupId(t, "countries", "Mexico");
    const stateId = lookupId(t, "states", "Other");
    expect(await caller.bottles.updateBrand({ bottleId, brandId })).toEqual({ ok: true });
    expect(await caller.bottles.updateDrinkType({ bottleId, drinkTypeId })).toEqual({ ok: true });
    expect(await caller.bottles.updateCountry({ bottleId, countryId })).toEqual({ ok: true });
    expect(await caller.bottles.updateState({ bottleId, stateId })).toEqual({ ok: true });
    expect(await caller.bottles.updateAbv({ bottleId, abv: 12.5 })).toEqual({ ok: true });
    expect(await detail(bottleId)).toMatchObject({
      brand: "Heaven Hill",
      drinkType: "Rum",
      country: "Mexico",
      state: "Other",
      abv: 12.5,
    });
  });

  it("refuses visitors, bad input and unknown ids like REST does", async () => {
    const visitor = t.caller();
    const before = snapshot(t);
    await expect(visitor.bottles.create({ name: "X", abv: 40 })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(visitor.bottles.updateAbv({ bottleId: 1, abv: 40 })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const caller = t.caller(user);
    await expect(caller.bottles.create({ name: "X", abv: 140 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(caller.bottles.create({ name: "X", abv: 40, brandId: 999_999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: ServerMessages.brandNotFound,
    });
    await expect(caller.bottles.updateState({ bottleId: 999_999, stateId: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: ServerMessages.bottleNotFound,
    });
    expect(snapshot(t)).toEqual(before);
  });
});

describe("favourites: PUT /api/Bottles/{id}/Favourite and GET /api/Bottles/Favourites", () => {
  const put = (id: number, body: unknown, as?: string) =>
    t.request({ method: "PUT", url: `/api/Bottles/${id}/Favourite`, payload: body as object, token: as });
  const mine = async (as: string) => {
    const res = await t.request({ method: "GET", url: "/api/Bottles/Favourites", token: as });
    expect(res.statusCode).toBe(200);
    return res.json<{ bottleId: number; name: string; createdAt: string }[]>();
  };
  const entries = () =>
    t.app.deps.db.$client
      .prepare(
        "SELECT member_id AS memberId, action, entity, entity_id AS entityId, before, after FROM activity WHERE action = 'bottles.setFavourite' ORDER BY id",
      )
      .all() as {
      memberId: number;
      action: string;
      entity: string;
      entityId: string;
      before: string;
      after: string;
    }[];

  it("marks and unmarks a bottle for the caller only, each change in the activity log; the tRPC twin agrees", async () => {
    const id = await newBottle(t, token, { name: "Favourite Fixture" });
    const other = await t.member("fav-other@example.com");
    expect(await mine(token)).toEqual([]);

    const res = await put(id, { favourite: true }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bottleId: id, favourite: true });
    expect(await mine(token)).toEqual([
      { bottleId: id, name: "Favourite Fixture", createdAt: expect.any(String) },
    ]);
    expect(await mine(other.token), "another member's list").toEqual([]);
    expect(await t.caller(user).bottles.favourites()).toEqual(await mine(token));

    // Marking it again changes nothing (one row), and is still recorded.
    expect((await put(id, { favourite: true }, token)).statusCode).toBe(200);
    expect(await mine(token)).toHaveLength(1);

    await t.caller(user).bottles.setFavourite({ id, favourite: false });
    expect(await mine(token)).toEqual([]);
    const log = entries().filter((e) => e.entityId === String(id));
    const parsed = (json: string): unknown => JSON.parse(json);
    expect(log.map((e) => [e.memberId, e.entity, parsed(e.before), parsed(e.after)])).toEqual([
      [user.id, "favourite", { bottleId: id, favourite: false }, { bottleId: id, favourite: true }],
      [user.id, "favourite", { bottleId: id, favourite: true }, { bottleId: id, favourite: true }],
      [user.id, "favourite", { bottleId: id, favourite: true }, { bottleId: id, favourite: false }],
    ]);
  });

  it("refuses visitors (401), an unknown bottle (404) and a body without a boolean (400), changing nothing", async () => {
    const id = await newBottle(t, token, { name: "Favourite Refusals" });
    const before = entries().length;
    expect((await put(id, { favourite: true })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/Bottles/Favourites" })).statusCode).toBe(401);
    const unknown = await put(987654, { favourite: true }, token);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(ServerMessages.bottleNotFound);
    for (const body of [{}, { favourite: "yes" }, { favourite: 1 }]) {
      const bad = await put(id, body, token);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad).code).toBeDefined();
    }
    expect(entries().length).toBe(before);
    expect(await mine(token)).toEqual([]);
  });

  it("go with their bottle: its deletion takes them along, its undo gives them back", async () => {
    const id = await newBottle(t, token, { name: "Favourite Deleted" });
    expect((await put(id, { favourite: true }, token)).statusCode).toBe(200);
    const admin = await t.member("fav-admin@example.com", { role: "admin" });
    await t.caller(admin.user).bottles.delete({ id });
    expect(await mine(token)).toEqual([]);
    const [entry] = t.app.deps.db.$client
      .prepare("SELECT id FROM activity WHERE action = 'bottles.delete' AND entity_id = ? ORDER BY id DESC")
      .all(String(id)) as { id: number }[];
    await t.caller(admin.user).activity.undo({ id: entry!.id });
    expect((await mine(token)).map((f) => f.bottleId)).toEqual([id]);
  });
});
