import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BottleSearchResult, GlobalSearchResult, SimilarBottle } from "@club/shared";
import type { AuthUser } from "../../kernel/context";
import { lookupId } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let token: string;
let user: AuthUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  ({ token, user } = await t.member(undefined, { role: "admin" }));
  const caller = t.caller(user);
  const bourbon = lookupId(t, "drink_types", "Bourbon");
  const scotch = lookupId(t, "drink_types", "Single Malt Scotch");
  const islay = lookupId(t, "states", "Islay");
  const add = async (name: string, abv: number, more: Record<string, unknown> = {}) =>
    (ids[name] = (await caller.bottles.create({ name, abv, ...more })).id);
  await add("Lagavulin 16", 43, { drinkTypeId: scotch, stateId: islay, newBrand: "Lagavulin" });
  await add("Ardbeg 10", 46, { drinkTypeId: scotch, stateId: islay });
  await add("Eagle Rare 10", 45, { drinkTypeId: bourbon, newBrand: "Buffalo Trace" });
  await add("Blanton's Single Barrel", 46.5, { drinkTypeId: bourbon });
  await add("Bùnnahabhain 12", 46.3, { drinkTypeId: scotch, stateId: islay });
  await add("Secret Blind Cask", 55);
  // Bought: 70 dollars for 700 ml is 2.50 a pour; opened.
  const bought = await caller.instances.create({
    bottleId: ids["Lagavulin 16"]!,
    datePurchased: "2024-06-02",
    purchasePrice: 70,
    dateFinished: null,
  });
  t.app.deps.db.$client
    .prepare("UPDATE bottle_instances SET opened_date = '2024-06-03' WHERE id = ?")
    .run(bought.id);
  await caller.instances.create({
    bottleId: ids["Ardbeg 10"]!,
    datePurchased: "2024-06-02",
    purchasePrice: 35,
    dateFinished: null,
  });
  // An open meeting with Ardbeg scored 80; a blind one with the secret cask, scored, unrevealed.
  const theme = await caller.themes.create({ id: 0, description: "Islay night" });
  const open = await caller.meetings.create({ date: "2024-05-10", hostName: "Rosa Diaz", themeId: theme.id });
  await caller.night.setFlight({ id: open.id, pours: [{ bottleId: ids["Ardbeg 10"]!, pourMl: 25 }] });
  await caller.night.score({ id: open.id, pour: 1, nose: 20, palate: 20, finish: 20, balance: 20 });
  // Its scoring closed: its results, the club score among them, show.
  await caller.night.settings({
    id: open.id,
    capacity: null,
    blind: false,
    scoringOpen: false,
    hostMemberId: null,
  });
  const blindTheme = await caller.themes.create({ id: 0, description: "Guess the cask" });
  const blind = await caller.meetings.create({
    date: "2024-06-14",
    hostName: "Jake Peralta",
    themeId: blindTheme.id,
  });
  await caller.night.setFlight({
    id: blind.id,
    pours: [{ bottleId: ids["Secret Blind Cask"]!, pourMl: 25 }],
  });
  await caller.night.settings({
    id: blind.id,
    capacity: null,
    blind: true,
    scoringOpen: true,
    hostMemberId: null,
  });
  await caller.night.score({ id: blind.id, pour: 1, nose: 25, palate: 25, finish: 25, balance: 25 });
});
afterAll(() => t.close());

async function search(query: string): Promise<BottleSearchResult> {
  const res = await t.request({ method: "GET", url: `/api/Bottles/Search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BottleSearchResult>();
}
const names = async (query: string) => (await search(query)).items.map((b) => b.name);

describe("GET /api/Bottles/Search", () => {
  it("answers anyone with a page, the total and the cellar columns", async () => {
    const all = await search("");
    expect(all).toMatchObject({ total: 6, page: 1, pageSize: 50 });
    expect(all.items.map((b) => b.name)).toEqual([
      "Ardbeg 10",
      "Blanton's Single Barrel",
      "Bùnnahabhain 12",
      "Eagle Rare 10",
      "Lagavulin 16",
      "Secret Blind Cask",
    ]);
    const laga = all.items.find((b) => b.name === "Lagavulin 16");
    expect(laga).toEqual({
      id: ids["Lagavulin 16"],
      name: "Lagavulin 16",
      brand: "Lagavulin",
      drinkType: "Single Malt Scotch",
      country: null,
      state: "Islay",
      abv: 43,
      status: "open",
      costPerPour: 2.5,
      clubScore: null,
    });
    expect(all.items.find((b) => b.name === "Ardbeg 10")).toMatchObject({ status: "sealed", clubScore: 80 });
    expect(all.items.find((b) => b.name === "Eagle Rare 10")).toMatchObject({
      status: "never_bought",
      costPerPour: null,
    });
  });

  it("searches with the hard cases: accents, typos, brand", async () => {
    expect(await names("q=bunnahabhain")).toEqual(["Bùnnahabhain 12"]);
    expect(await names("q=lagavlin")).toEqual(["Lagavulin 16"]);
    expect(await names("q=buffalo")).toEqual(["Eagle Rare 10"]);
    expect(
      await names(`q=islay&type=${lookupId(t, "drink_types", "Single Malt Scotch")}&sort=abv&dir=desc`),
    ).toEqual(["Bùnnahabhain 12", "Ardbeg 10", "Lagavulin 16"]);
  });

  it("filters by type, region, ABV, price, status, photo, poured and score", async () => {
    const bourbon = lookupId(t, "drink_types", "Bourbon");
    expect(await names(`type=${bourbon}`)).toEqual(["Blanton's Single Barrel", "Eagle Rare 10"]);
    expect(await names(`region=${lookupId(t, "states", "Islay")}&abvMin=45&abvMax=46.4`)).toEqual([
      "Ardbeg 10",
      "Bùnnahabhain 12",
    ]);
    expect(await names("priceMin=50")).toEqual(["Lagavulin 16"]);
    expect(await names("status=sealed")).toEqual(["Ardbeg 10"]);
    expect(await names("status=open")).toEqual(["Lagavulin 16"]);
    expect((await search("status=never_bought")).total).toBe(4);
    expect((await search("hasPhoto=yes")).total).toBe(0);
    expect(await names("poured=yes")).toEqual(["Ardbeg 10"]);
    expect(await names("scoreMin=50")).toEqual(["Ardbeg 10"]);
    expect((await search("poured=no")).total).toBe(5);
  });

  it("sorts by every column and pages", async () => {
    expect(await names("sort=costPerPour&dir=desc")).toEqual(
      expect.arrayContaining(["Lagavulin 16", "Ardbeg 10"]) as string[],
    );
    expect((await names("sort=costPerPour&dir=desc")).slice(0, 2)).toEqual(["Lagavulin 16", "Ardbeg 10"]);
    expect((await names("sort=status")).slice(0, 2)).toEqual(["Lagavulin 16", "Ardbeg 10"]);
    const brands = (await search("sort=brand")).items.map((b) => b.brand);
    const named = brands.filter((b) => b !== null);
    expect(brands).toEqual([
      ...named.sort((a, b) => a.localeCompare(b)),
      ...brands.filter((b) => b === null),
    ]);
    for (const sort of [
      "name",
      "brand",
      "type",
      "country",
      "region",
      "abv",
      "price",
      "status",
      "costPerPour",
      "clubScore",
      "relevance",
    ])
      expect((await search(`sort=${sort}&dir=desc`)).total).toBe(6);
    const page2 = await search("sort=abv&page=2&pageSize=4");
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page2.items.map((b) => b.abv)).toEqual([46.5, 55]);
  });

  it("answers the tRPC twin the same", async () => {
    const viaTrpc = await t.caller(null).search.bottles({ q: "lagavulin" });
    expect(viaTrpc.items.map((b) => b.name)).toEqual(["Lagavulin 16"]);
  });

  it("never shows an unrevealed blind pour's score or that it was poured", async () => {
    const secret = (await search("q=secret")).items[0];
    expect(secret).toMatchObject({ name: "Secret Blind Cask", clubScore: null });
    expect(await names("poured=yes")).not.toContain("Secret Blind Cask");
    expect(await names("scoreMin=0")).not.toContain("Secret Blind Cask");
    expect(await names("sort=clubScore&dir=desc&pageSize=1")).toEqual(["Ardbeg 10"]);
  });

  it("rejects bad parameters with 400 JSON and no change", async () => {
    for (const query of [
      "pageSize=10000",
      "pageSize=0",
      "page=0",
      "abvMin=50&abvMax=40",
      "priceMin=10&priceMax=1",
      "scoreMin=90&scoreMax=10",
      "sort=colour",
      "dir=up",
      "status=empty",
      "type=abc",
      "hasPhoto=maybe",
      `q=${"x".repeat(201)}`,
    ]) {
      const res = await t.request({ method: "GET", url: `/api/Bottles/Search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: "BAD_REQUEST" } });
    }
  });
});

describe("GET /api/Bottles/Similar", () => {
  it("answers members with up to 5 close bottles, closest first", async () => {
    const res = await t.request({
      method: "GET",
      url: "/api/Bottles/Similar?name=Lagavulin%2016%20Year",
      token,
    });
    expect(res.statusCode).toBe(200);
    const similar = res.json<SimilarBottle[]>();
    expect(similar[0]).toMatchObject({ id: ids["Lagavulin 16"], name: "Lagavulin 16", brand: "Lagavulin" });
    expect(similar.length).toBeLessThanOrEqual(5);
    const typo = await t.request({ method: "GET", url: "/api/Bottles/Similar?name=Ardbegg", token });
    expect(typo.json<SimilarBottle[]>()[0]?.name).toBe("Ardbeg 10");
  });

  it("is for members only", async () => {
    const res = await t.request({ method: "GET", url: "/api/Bottles/Similar?name=Ardbeg" });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/Search", () => {
  it("finds bottles, meetings and themes, never a blind meeting's pours", async () => {
    const res = await t.request({ method: "GET", url: "/api/Search?q=islay" });
    expect(res.statusCode).toBe(200);
    const found = res.json<GlobalSearchResult>();
    expect(found.bottles.map((b) => b.name).sort()).toEqual(["Ardbeg 10", "Bùnnahabhain 12", "Lagavulin 16"]);
    expect(found.meetings).toEqual([
      { id: expect.any(Number) as number, date: "2024-05-10", theme: "Islay night", hostName: "Rosa Diaz" },
    ]);
    expect(found.themes.map((th) => th.description)).toEqual(["Islay night"]);
    const blind = await t.request({ method: "GET", url: "/api/Search?q=guess" });
    expect(blind.json<GlobalSearchResult>().meetings).toHaveLength(1);
    expect(blind.body).not.toContain("Secret");
    expect((await t.request({ method: "GET", url: "/api/Search" })).statusCode).toBe(400);
  });
});
