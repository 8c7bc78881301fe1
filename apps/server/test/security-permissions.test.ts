import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";
import {
  appRoutes,
  makeCtx,
  restEndpoints,
  restInject,
  restName,
  routerProcedures,
  seedFixtures,
  snapshot,
  trpcEndpoints,
  trpcInject,
  type EndpointCtx,
} from "./fuzz/endpoints";

/**
 * SPEC.md section 6: a visitor can view everything and write nothing; a member can do exactly the
 * listed capabilities. One table over every endpoint, REST and tRPC (test/fuzz/endpoints.ts).
 */

const SECTION_6_CAPABILITIES = [
  "Add meeting",
  "Add bottle to a meeting",
  "Add new bottle",
  "Add comment",
  "Add theme",
  "Edit brand, type, country, state and ABV of a bottle",
  "Upload bottle image",
  "Add bottle instance",
  "Mark instance finished",
] as const;
type Capability = (typeof SECTION_6_CAPABILITIES)[number];

/** Which section 6 capability each member write is. */
const CAPABILITY: Record<string, Capability> = {
  "POST /api/MonthlyMeetings/PostMonthlyMeetingsWithNames": "Add meeting",
  "meetings.create": "Add meeting",
  "POST /api/MonthlyMeetings/AddBottleToMeeting": "Add bottle to a meeting",
  "meetings.addBottle": "Add bottle to a meeting",
  "POST /api/Bottles/NewBottle": "Add new bottle",
  "bottles.create": "Add new bottle",
  "POST /api/BottleComments": "Add comment",
  "comments.create": "Add comment",
  "POST /api/MonthlyThemes": "Add theme",
  "themes.create": "Add theme",
  "POST /api/Bottles/UpdateBrand": "Edit brand, type, country, state and ABV of a bottle",
  "POST /api/Bottles/UpdateDrinkType": "Edit brand, type, country, state and ABV of a bottle",
  "POST /api/Bottles/UpdateCountry": "Edit brand, type, country, state and ABV of a bottle",
  "POST /api/Bottles/UpdateState": "Edit brand, type, country, state and ABV of a bottle",
  "POST /api/Bottles/UpdateABV": "Edit brand, type, country, state and ABV of a bottle",
  "bottles.updateBrand": "Edit brand, type, country, state and ABV of a bottle",
  "bottles.updateDrinkType": "Edit brand, type, country, state and ABV of a bottle",
  "bottles.updateCountry": "Edit brand, type, country, state and ABV of a bottle",
  "bottles.updateState": "Edit brand, type, country, state and ABV of a bottle",
  "bottles.updateAbv": "Edit brand, type, country, state and ABV of a bottle",
  "POST /api/Bottles/UploadImage": "Upload bottle image",
  "POST /api/BottleInstances/new": "Add bottle instance",
  "instances.create": "Add bottle instance",
  "PUT /api/BottleInstances/finish/:id": "Mark instance finished",
  "instances.finish": "Mark instance finished",
};

let t: TestApp;
let c: EndpointCtx;
/** Bearer values that must not authenticate anyone. */
let notMembers: { label: string; token: string | undefined }[];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  const f = await seedFixtures(t);
  c = makeCtx(t, f);
  const foreign = await new SignJWT({ email: f.memberEmail })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(f.member.user.id))
    .setIssuer("whiskey-club")
    .setIssuedAt()
    .setExpirationTime("15m")
    .sign(new TextEncoder().encode("another-key-another-key-another-key-0123456789"));
  notMembers = [
    { label: "no token", token: undefined },
    { label: "a malformed token", token: "not-a-jwt" },
    { label: "a token signed with another key", token: foreign },
  ];
});
afterAll(() => t.close());

describe("the endpoint table is complete", () => {
  it("lists every REST route the app serves, and nothing else", () => {
    const served = appRoutes(t.app)
      .filter((r) => r.method !== "HEAD" && r.url !== "/trpc/:path" && !r.url.startsWith("/docs"))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(served).toEqual(restEndpoints.map(restName).sort());
  });

  it("lists every tRPC procedure with its type", () => {
    const served = routerProcedures()
      .map((p) => `${p.type} ${p.path}`)
      .sort();
    expect(served).toEqual(trpcEndpoints.map((p) => `${p.type} ${p.path}`).sort());
  });

  it("has no member write beyond SPEC.md section 6, and every capability over REST and tRPC", () => {
    const writes = [
      ...restEndpoints.filter((e) => e.write).map(restName),
      ...trpcEndpoints.filter((e) => e.write).map((e) => e.path),
    ];
    for (const name of writes) expect(CAPABILITY[name], name).toBeDefined();
    expect(new Set(writes.map((w) => CAPABILITY[w]))).toEqual(new Set(SECTION_6_CAPABILITIES));
    // Every write is members-only; every non-write is either public or the token check itself.
    for (const e of restEndpoints.filter((x) => x.write)) expect(e.access, restName(e)).toBe("member");
    for (const e of trpcEndpoints.filter((x) => x.write)) expect(e.access, e.path).toBe("member");
    const memberReads = [...restEndpoints, ...trpcEndpoints].filter((e) => !e.write && e.access === "member");
    // (The session's calls are REST-only: the web app makes them as SPEC.md section 7 lists them.)
    expect(memberReads.map((e) => ("path" in e ? e.path : restName(e)))).toEqual([
      "POST /api/Register/validateToken",
    ]);
  });
});

describe("REST", () => {
  for (const e of restEndpoints.filter((x) => x.access === "member")) {
    it(`${restName(e)}: 401 and no change for a visitor, ${e.ok} for a member`, async () => {
      const call = await e.valid(c);
      for (const who of notMembers) {
        const before = snapshot(t);
        const res = await t.request(restInject(e, call, who.token));
        expect(res.statusCode, who.label).toBe(401);
        expect(res.json(), who.label).toMatchObject({ error: { code: "UNAUTHORIZED" } });
        expect(snapshot(t), who.label).toBe(before);
      }
      const res = await t.request(restInject(e, call, c.f.member.token));
      expect(res.statusCode, res.body).toBe(e.ok);
    });
  }

  for (const e of restEndpoints.filter((x) => x.access === "public")) {
    it(`${restName(e)}: open to visitors (${e.ok})`, async () => {
      const res = await t.request(restInject(e, await e.valid(c)));
      expect(res.statusCode, res.body).toBe(e.ok);
    });
  }
});

describe("tRPC", () => {
  for (const e of trpcEndpoints.filter((x) => x.access === "member")) {
    it(`${e.path}: UNAUTHORIZED and no change for a visitor, OK for a member`, async () => {
      const input = await e.valid(c);
      for (const who of notMembers) {
        const before = snapshot(t);
        const res = await t.request(trpcInject(e.path, e.type, input, who.token));
        expect(res.statusCode, who.label).toBe(401);
        expect(res.json(), who.label).toMatchObject({ error: { data: { code: "UNAUTHORIZED" } } });
        expect(snapshot(t), who.label).toBe(before);
      }
      const res = await t.request(trpcInject(e.path, e.type, input, c.f.member.token));
      expect(res.statusCode, res.body).toBe(200);
    });
  }

  for (const e of trpcEndpoints.filter((x) => x.access === "public")) {
    it(`${e.path}: open to visitors`, async () => {
      const res = await t.request(trpcInject(e.path, e.type, await e.valid(c)));
      expect(res.statusCode, res.body).toBe(200);
    });
  }

  it("a batch cannot smuggle a write past the token check", async () => {
    const before = snapshot(t);
    const body = { 0: { id: 0, description: "Smuggled theme" }, 1: { id: 0, description: "Smuggled too" } };
    const res = await t.request({
      method: "POST",
      url: "/trpc/themes.create,themes.create?batch=1",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBeLessThan(500);
    const items = res.json<{ result?: unknown; error?: { data: { code: string } } }[]>();
    expect(items.map((item) => item.error?.data.code)).toEqual(["UNAUTHORIZED", "UNAUTHORIZED"]);
    expect(snapshot(t)).toBe(before);
  });

  it("a query-only GET cannot run a mutation", async () => {
    const before = snapshot(t);
    const input = encodeURIComponent(JSON.stringify({ id: 0, description: "Via GET" }));
    const res = await t.request({
      method: "GET",
      url: `/trpc/themes.create?input=${input}`,
      token: c.f.member.token,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(snapshot(t)).toBe(before);
  });
});
