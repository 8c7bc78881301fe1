import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCountries, listDrinkTypes } from "@club/db";
import type { TasteProfile } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * A member's taste (GET /api/Me/TasteProfile, night.tasteProfile): their averages by type and
 * country beside the room's, their most given tags, their best bottles, their average against the
 * room; only pours whose results show count.
 */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let ann: M;
let bob: M;
let themeId: number;
const ids: Record<string, number> = {};

const parts = (n: number) => ({ nose: n, palate: n, finish: n, balance: n });

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.member();
  bob = await t.member();
  const db = t.app.deps.db;
  const type = (name: string) => listDrinkTypes(db).find((d) => d.name === name)!.id;
  const country = (name: string) => listCountries(db).find((c) => c.name === name)!.id;
  themeId = (await t.caller(ann.user).themes.create({ description: "Taste" })).id;
  const bottle = async (name: string, drinkType: string, countryName: string) =>
    (ids[name] = (
      await t.caller(ann.user).bottles.create({
        name,
        abv: 46,
        drinkTypeId: type(drinkType),
        countryId: country(countryName),
      })
    ).id);
  await bottle("Islay One", "Single Malt Scotch", "Scotland");
  await bottle("Islay Two", "Single Malt Scotch", "Scotland");
  await bottle("Kentucky One", "Bourbon", "United States");
  await bottle("Secret Cask", "Bourbon", "United States");
});
afterAll(() => t.close());

async function night(date: string, blind: boolean, pours: string[]) {
  const res = await t.request({
    method: "POST",
    url: "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
    token: ann.token,
    payload: { date, hostName: "Someone Else", themeId },
  });
  const id = res.json<{ id: number }>().id;
  const host = t.caller(ann.user);
  await host.night.setFlight({ id, pours: pours.map((name) => ({ bottleId: ids[name]!, pourMl: 25 })) });
  await host.night.settings({ id, capacity: null, blind, scoringOpen: true, hostMemberId: null });
  return id;
}

const profile = async (token?: string) => {
  const res = await t.request({ method: "GET", url: "/api/Me/TasteProfile", token });
  return { status: res.statusCode, body: res.json<TasteProfile>() };
};

describe("night.tasteProfile", () => {
  it("is a member's own: a visitor gets a 401; no scores, nothing to say", async () => {
    expect((await profile()).status).toBe(401);
    expect((await profile(ann.token)).body).toEqual({
      byType: [],
      byCountry: [],
      tags: [],
      favourites: [],
      versusRoom: null,
    });
  });

  it("groups the member's scores by type and country beside the room's, only where results show", async () => {
    // An open night, closed: Islay One and Kentucky One count.
    const open = await night("2999-01-08", false, ["Islay One", "Kentucky One"]);
    await t.caller(ann.user).night.score({ id: open, pour: 1, ...parts(22), tags: ["peaty", "smoky"] });
    await t.caller(bob.user).night.score({ id: open, pour: 1, ...parts(18), tags: ["peaty"] });
    await t.caller(ann.user).night.score({ id: open, pour: 2, ...parts(15), tags: ["vanilla"] });
    await t.caller(bob.user).night.score({ id: open, pour: 2, ...parts(20), tags: [] });
    await t.caller(ann.user).night.settings({
      id: open,
      capacity: null,
      blind: false,
      scoringOpen: false,
      hostMemberId: null,
    });
    // A blind night: Islay Two revealed, Secret Cask still hidden (it moves nothing).
    const blind = await night("2999-02-12", true, ["Islay Two", "Secret Cask"]);
    await t.caller(ann.user).night.score({ id: blind, pour: 1, ...parts(20), tags: ["peaty"] });
    await t.caller(ann.user).night.score({ id: blind, pour: 2, ...parts(25), tags: ["sulphury"] });
    await t.caller(bob.user).night.score({ id: blind, pour: 2, ...parts(5), tags: [] });
    await t.caller(ann.user).night.reveal({ id: blind, pour: 1 });

    const { status, body } = await profile(ann.token);
    expect(status).toBe(200);
    expect(body.byType).toEqual([
      { name: "Single Malt Scotch", average: 84, room: 80, count: 2 },
      { name: "Bourbon", average: 60, room: 70, count: 1 },
    ]);
    expect(body.byCountry.map((g) => g.name)).toEqual(["Scotland", "United States"]);
    expect(body.tags).toEqual([
      { tag: "peaty", count: 2 },
      { tag: "smoky", count: 1 },
      { tag: "vanilla", count: 1 },
    ]);
    expect(body.favourites.map((f) => [f.name, f.average, f.room])).toEqual([
      ["Islay One", 88, 80],
      ["Islay Two", 80, 80],
      ["Kentucky One", 60, 70],
    ]);
    expect(body.versusRoom).toEqual({ average: 76, room: 76.7, count: 3 });
    // The hidden pour: neither its bottle nor its type's figure.
    expect(JSON.stringify(body)).not.toContain("Secret Cask");
    expect(JSON.stringify(body)).not.toContain("sulphury");

    // Over tRPC, the same.
    expect(await t.caller(ann.user).night.tasteProfile()).toEqual(body);
    await t.caller(ann.user).night.reveal({ id: blind });
    const after = (await profile(ann.token)).body;
    expect(after.favourites[0]).toEqual({
      bottleId: ids["Secret Cask"],
      name: "Secret Cask",
      average: 100,
      room: 60,
      count: 1,
    });
  });
});
