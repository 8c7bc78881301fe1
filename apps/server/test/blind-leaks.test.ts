import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";
import {
  makeCtx,
  restEndpoints,
  restInject,
  restName,
  seedFixtures,
  trpcEndpoints,
  trpcInject,
  type EndpointCtx,
  type RestEndpoint,
  type TrpcEndpoint,
} from "./fuzz/endpoints";

/**
 * Issue 12: until the host reveals a blind pour, no answer of the API tells which bottle it is to
 * anyone but the host. Walks EVERY read of the router (REST and tRPC, from the same tables as the
 * fuzz and permission tests), as a visitor and as a member who does not run the night, with the
 * fixture meeting made blind and its pour the secret bottle.
 */
const SECRET = { name: "Unmistakable Secret Cask", brand: "Hush Hush Distillers", abv: 63.71 };

/** Reads about the library itself: they may name the bottle (it is in the library) but never where it is poured. */
const LIBRARY_READS = new Set([
  "GET /api/Bottles",
  "GET /api/Bottles/AllBottlesList",
  "GET /api/Bottles/:id",
  "GET /api/Brands",
  "bottles.list",
  "bottles.options",
  "bottles.byId",
  "lookups.brands",
  "GET /api/Bottles/Search",
  "GET /api/Bottles/Similar",
  "GET /api/Search",
  "search.bottles",
  "search.similar",
  "search.everything",
  "GET /api/Bottles/Export",
]);

let t: TestApp;
let c: EndpointCtx;
let meetingDate: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  c = makeCtx(t, await seedFixtures(t));
  const host = t.caller(c.f.member.user);
  const secretId = (await host.bottles.create({ name: SECRET.name, newBrand: SECRET.brand, abv: SECRET.abv }))
    .id;
  await host.night.setFlight({ id: c.f.meetingId, pours: [{ bottleId: secretId, pourMl: 25 }] });
  await host.night.settings({
    id: c.f.meetingId,
    capacity: null,
    blind: true,
    scoringOpen: true,
    hostMemberId: null,
  });
  await t
    .caller(c.f.other.user)
    .night.score({ id: c.f.meetingId, pour: 1, nose: 20, palate: 20, finish: 20, balance: 20 });
  // The examples name the fixture bottle: from here on that is the secret one.
  c.f = { ...c.f, bottleId: secretId };
  meetingDate = (await host.meetings.byId({ id: c.f.meetingId })).date;
});
afterAll(() => t.close());

function leaksIn(name: string, body: string): string[] {
  if (LIBRARY_READS.has(name)) return body.includes(meetingDate) ? [meetingDate] : [];
  if (name === "GET /api/Activity" || name === "activity.list") {
    // The log says the bottle was added to the library, as the library does; nothing else about it.
    const answer = JSON.parse(body) as { entity: string }[] | { result?: { data: { entity: string }[] } };
    const list = Array.isArray(answer) ? answer : answer.result?.data;
    if (list) body = JSON.stringify(list.filter((e) => e.entity !== "bottle"));
  }
  return [SECRET.name, SECRET.brand, String(SECRET.abv)].filter((word) => body.includes(word));
}

describe("no read reveals a hidden blind pour", () => {
  const reads: { name: string; rest?: RestEndpoint; trpc?: TrpcEndpoint }[] = [
    ...restEndpoints.filter((e) => e.method === "GET").map((e) => ({ name: restName(e), rest: e })),
    ...trpcEndpoints.filter((e) => e.type === "query").map((e) => ({ name: e.path, trpc: e })),
  ];

  it("covers every read", () => {
    expect(reads.length).toBeGreaterThan(30);
  });

  for (const read of reads) {
    it(read.name, async () => {
      for (const who of ["visitor", "member"] as const) {
        const token = who === "member" ? c.f.other.token : undefined;
        const res = read.rest
          ? await t.request(restInject(read.rest, await read.rest.valid(c), token))
          : await t.request(trpcInject(read.trpc!.path, "query", await read.trpc!.valid(c), token));
        expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(leaksIn(read.name, res.body), `${who} ${read.name}`).toEqual([]);
      }
    });
  }

  /** The fill level the shelf shows for the secret bottle's open purchase. */
  let purchase: { id: number };
  const level = async (token?: string) => {
    const res = await t.request({ method: "GET", url: "/api/Shelf", token });
    return res
      .json<{ instanceId: number; fillLevelPct: number }[]>()
      .find((s) => s.instanceId === purchase.id)?.fillLevelPct;
  };

  it("the shelf's fill level does not drop for the hidden pour until the reveal (issue 14)", async () => {
    const host = t.caller(c.f.member.user);
    purchase = await host.instances.create({
      bottleId: c.f.bottleId,
      datePurchased: "2024-05-01",
      purchasePrice: 70,
    });
    await host.cellar.open({ id: purchase.id, openedDate: "2024-05-01" });
    expect(await level()).toBe(100);
    expect(await level(c.f.other.token)).toBe(100);
    const page = await t.request({ method: "GET", url: `/api/Bottles/${c.f.bottleId}` });
    expect(
      page.json<{ bottleInstances: { fillLevelPct: number | null }[] }>().bottleInstances,
    ).toContainEqual(expect.objectContaining({ fillLevelPct: 100 }));
  });

  it("while the host sees it, and everyone does once it is revealed", async () => {
    const asHost = await t.request({
      method: "GET",
      url: `/api/MonthlyMeetings/${c.f.meetingId}/Flight`,
      token: c.f.member.token,
    });
    expect(asHost.body).toContain(SECRET.name);
    await t.caller(c.f.member.user).night.reveal({ id: c.f.meetingId });
    for (const url of [
      `/api/MonthlyMeetings/${c.f.meetingId}`,
      `/api/MonthlyMeetings/${c.f.meetingId}/Results`,
    ]) {
      const res = await t.request({ method: "GET", url });
      expect(res.body, url).toContain(SECRET.name);
    }
  });

  it("the shelf counts the pour once it is revealed (issue 14)", async () => {
    // One score: 25 ml of 700 ml.
    expect(await level()).toBe(96);
  });
});
