import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands } from "@club/db";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0;

describe("lookup lists", () => {
  it("GET /api/Brands answers [] before any brand exists, then {id, name} sorted case-insensitively", async () => {
    const empty = await t.request({ method: "GET", url: "/api/Brands" });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const [zeta, alpha, beta] = ["Wild Turkey", "ardbeg", "Buffalo Trace"].map(
      (name) => t.app.deps.db.insert(brands).values({ name }).returning({ id: brands.id }).get().id,
    );
    const res = await t.request({ method: "GET", url: "/api/Brands" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: alpha, name: "ardbeg" },
      { id: beta, name: "Buffalo Trace" },
      { id: zeta, name: "Wild Turkey" },
    ]);
    expect(await t.caller(null).lookups.brands()).toEqual(res.json());
  });

  it.each([
    ["/api/DrinkTypes", "drinkTypes", ["Bourbon", "Rye Whiskey", "Single Malt Scotch", "Japanese Whisky"]],
    ["/api/Countries", "countries", ["United States", "Scotland", "Ireland", "Japan"]],
    ["/api/States", "states", ["Kentucky", "Tennessee", "Islay", "Speyside", "County Cork"]],
  ] as const)(
    "GET %s lists the seeded {id, name} entries sorted by name, same as tRPC",
    async (url, proc, some) => {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      const items = res.json<{ id: number; name: string }[]>();
      expect(items.length).toBeGreaterThan(5);
      // States carry their country too (regions offered for the chosen country).
      const keys = proc === "states" ? ["countryId", "id", "name"] : ["id", "name"];
      for (const item of items) expect(Object.keys(item).sort()).toEqual(keys);
      for (const item of items) expect(Number.isInteger(item.id)).toBe(true);
      expect(items.map((i) => i.name)).toEqual(expect.arrayContaining([...some]));
      expect(items).toEqual([...items].sort(byName));
      expect(await t.caller(null).lookups[proc]()).toEqual(items);
    },
  );

  it("gives each seeded region its country, and 'Other' none", async () => {
    const states = (await t.request({ method: "GET", url: "/api/States" })).json<
      { name: string; countryId: number | null }[]
    >();
    const countries = (await t.request({ method: "GET", url: "/api/Countries" })).json<
      { id: number; name: string }[]
    >();
    const country = (name: string) => countries.find((c) => c.name === name)?.id;
    const of = (name: string) => states.find((s) => s.name === name)?.countryId;
    expect(of("Kentucky")).toBe(country("United States"));
    expect(of("Islay")).toBe(country("Scotland"));
    expect(of("Hokkaido")).toBe(country("Japan"));
    expect(of("Other")).toBeNull();
  });

  it("are public reads and ignore a bad token", async () => {
    const res = await t.request({ method: "GET", url: "/api/Countries", token: "expired-or-garbage" });
    expect(res.statusCode).toBe(200);
  });
});
