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
  type RestEndpoint,
  type TrpcEndpoint,
} from "./fuzz/endpoints";

/**
 * docs/product.md, "Who may do what", and the roles ("Roles and who may do what"): a visitor can view everything and write nothing; a
 * member can do every capability listed there, correct what they created, and manage their own
 * account; the treasurer and admins add their powers. One matrix over every endpoint, REST and tRPC
 * (test/fuzz/endpoints.ts): visitor, a deactivated member's still-unexpired token, a member, the
 * author, the treasurer and an admin. Who may call each endpoint is stated beside its example
 * (`access` in features/<feature>/examples.ts), not read from the procedure's access
 * code: this test checks each statement against the server's answers.
 */

/** docs/product.md, "Who may do what": the writes a member can make, each over REST and (but the upload) tRPC. */
const SECTION_6: Record<string, readonly string[]> = {
  "Add meeting": ["POST /api/MonthlyMeetings/PostMonthlyMeetingsWithNames", "meetings.create"],
  "Add bottle to a meeting": ["POST /api/MonthlyMeetings/AddBottleToMeeting", "meetings.addBottle"],
  "Add new bottle": ["POST /api/Bottles/NewBottle", "bottles.create"],
  "Add comment": ["POST /api/BottleComments", "comments.create"],
  "Add theme": ["POST /api/MonthlyThemes", "themes.create"],
  "Edit brand, type, country, state and ABV of a bottle": [
    "POST /api/Bottles/UpdateBrand",
    "POST /api/Bottles/UpdateDrinkType",
    "POST /api/Bottles/UpdateCountry",
    "POST /api/Bottles/UpdateState",
    "POST /api/Bottles/UpdateABV",
    "bottles.updateBrand",
    "bottles.updateDrinkType",
    "bottles.updateCountry",
    "bottles.updateState",
    "bottles.updateAbv",
  ],
  "Upload bottle image": ["POST /api/Bottles/UploadImage"],
  "Add bottle instance": ["POST /api/BottleInstances/new", "instances.create"],
  "Mark instance finished": ["PUT /api/BottleInstances/finish/:id", "instances.finish"],
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
    { label: "a deactivated member's unexpired token", token: f.deactivated.token },
  ];
});
afterAll(() => t.close());

const nameOf = (e: RestEndpoint | TrpcEndpoint) => ("path" in e ? e.path : restName(e));

describe("the endpoint table is complete", () => {
  it("lists every REST route the app serves, and nothing else", () => {
    const served = appRoutes(t.app)
      // tRPC's routes, and the live stream's (a tRPC subscription served by app/liveStreams.ts).
      // Beside the API: the club website's framed card (an HTML page) and the Prometheus scrape.
      .filter(
        (r) =>
          r.method !== "HEAD" &&
          !r.url.startsWith("/trpc/") &&
          !r.url.startsWith("/docs") &&
          r.url !== "/embed/next-meeting" &&
          r.url !== "/metrics",
      )
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

  it("states who may call every endpoint; every write needs a member", () => {
    const all = [...restEndpoints, ...trpcEndpoints];
    const kinds = ["public", "member", "author", "treasurer", "admin"];
    for (const e of all) expect(kinds, nameOf(e)).toContain(e.stated);
    for (const e of all.filter((x) => x.write)) expect(e.stated, nameOf(e)).not.toBe("public");
  });

  it('serves every capability of docs/product.md, "Who may do what", to members, over REST and tRPC', () => {
    const byName = new Map([...restEndpoints, ...trpcEndpoints].map((e) => [nameOf(e), e]));
    for (const [capability, names] of Object.entries(SECTION_6)) {
      expect(
        names.some((n) => n.includes(" /")),
        `${capability} over REST`,
      ).toBe(true);
      if (capability !== "Upload bottle image")
        expect(
          names.some((n) => !n.includes(" ")),
          `${capability} over tRPC`,
        ).toBe(true);
      for (const name of names) {
        const e = byName.get(name);
        expect(e, `${capability}: ${name}`).toBeDefined();
        expect(e?.write, name).toBe(true);
        expect(e?.stated, name).toBe("member");
      }
    }
  });
});

/** Who calls, for each cell of the matrix. */
type Who = "member" | "other" | "treasurer" | "admin";

/** The status a well-formed call gets from each caller. */
function expected(e: RestEndpoint | TrpcEndpoint, who: Who, ok: number): number {
  if (e.stated === "admin") return who === "admin" ? ok : 403;
  if (e.stated === "treasurer") return who === "admin" || who === "treasurer" ? ok : 403;
  if (e.stated === "author") return who === "member" || who === "admin" ? ok : 403;
  return ok;
}

const CALLERS: Who[] = ["other", "treasurer", "member", "admin"];

async function tokenFor(e: RestEndpoint | TrpcEndpoint, who: Who): Promise<string> {
  // Calls that end the caller's sessions are made by a new member each time (with that role).
  if (e.as === "fresh")
    return (await t.member(undefined, { role: who === "admin" || who === "treasurer" ? who : "member" }))
      .token;
  return c.f[who].token;
}

describe("REST", () => {
  for (const e of restEndpoints.filter((x) => x.stated !== "public")) {
    it(`${restName(e)}: 401 and no change for visitors and deactivated members; the roles' answers`, async () => {
      for (const who of notMembers) {
        const call = await e.valid(c);
        const before = snapshot(t);
        const res = await t.request(restInject(e, call, who.token));
        expect(res.statusCode, who.label).toBe(401);
        expect(res.json(), who.label).toMatchObject({ error: { code: "UNAUTHORIZED" } });
        expect(snapshot(t), who.label).toBe(before);
      }
      for (const who of CALLERS) {
        const status = expected(e, who, e.ok);
        const call = await e.valid(c);
        const token = await tokenFor(e, who);
        const before = snapshot(t);
        const res = await t.request(restInject(e, call, token));
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        if (status === 403) expect(snapshot(t), who).toBe(before);
      }
    });
  }

  for (const e of restEndpoints.filter((x) => x.stated === "public")) {
    it(`${restName(e)}: open to visitors (${e.ok})`, async () => {
      const res = await t.request(restInject(e, await e.valid(c)));
      expect(res.statusCode, res.body).toBe(e.ok);
    });
  }
});

describe("tRPC", () => {
  for (const e of trpcEndpoints.filter((x) => x.stated !== "public")) {
    it(`${e.path}: UNAUTHORIZED and no change for visitors and deactivated members; the roles' answers`, async () => {
      for (const who of notMembers) {
        const input = await e.valid(c);
        const before = snapshot(t);
        const res = await t.request(trpcInject(e.path, e.type, input, who.token));
        expect(res.statusCode, who.label).toBe(401);
        expect(res.json(), who.label).toMatchObject({ error: { data: { code: "UNAUTHORIZED" } } });
        expect(snapshot(t), who.label).toBe(before);
      }
      for (const who of CALLERS) {
        const status = expected(e, who, 200);
        const input = await e.valid(c);
        const token = await tokenFor(e, who);
        const before = snapshot(t);
        const res = await t.request(trpcInject(e.path, e.type, input, token));
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        if (status === 403) {
          expect(res.json(), who).toMatchObject({ error: { data: { code: "FORBIDDEN" } } });
          expect(snapshot(t), who).toBe(before);
        }
      }
    });
  }

  for (const e of trpcEndpoints.filter((x) => x.stated === "public")) {
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

/**
 * A guest pass is a third kind of caller, scoped to one meeting night. On every endpoint
 * not marked for guests it gets 403 and changes nothing; on those marked (the night, the flight,
 * scores, the results), the well-formed call names the fixtures' meeting, not the guest's: 403 too.
 * The two lookup lists a guess is picked from (drink types, regions) are read by a guest as by
 * anyone: 200, nothing changed.
 */
const GUEST_LOOKUPS = new Set([
  "GET /api/DrinkTypes",
  "GET /api/States",
  "lookups.drinkTypes",
  "lookups.states",
]);
describe("a guest pass", () => {
  let guestToken: string;
  beforeAll(async () => {
    const caller = t.caller(c.f.member.user);
    const meeting = await caller.meetings.create({
      date: "2999-10-10",
      hostName: "Guest host",
      themeId: c.f.themeId,
    });
    const { code } = await caller.guests.openCode({ id: meeting.id });
    guestToken = (await t.caller(null).guests.join({ code, firstName: "Gina" })).guestToken;
  });

  it("REST: 403 and no change on every endpoint but its own meeting's night", async () => {
    for (const e of restEndpoints) {
      if (restName(e) === "POST /api/Guests/Join") continue; // anyone may join
      const call = await e.valid(c);
      const before = snapshot(t);
      const res = await t.request(restInject(e, call, guestToken));
      expect(res.statusCode, `${restName(e)}: ${res.body}`).toBe(GUEST_LOOKUPS.has(restName(e)) ? 200 : 403);
      expect(snapshot(t), restName(e)).toBe(before);
    }
  });

  it("tRPC: FORBIDDEN and no change likewise", async () => {
    for (const e of trpcEndpoints) {
      if (e.path === "guests.join") continue;
      const input = await e.valid(c);
      const before = snapshot(t);
      const res = await t.request(trpcInject(e.path, e.type, input, guestToken));
      if (GUEST_LOOKUPS.has(e.path)) {
        expect(res.statusCode, `${e.path}: ${res.body}`).toBe(200);
        expect(snapshot(t), e.path).toBe(before);
        continue;
      }
      expect(res.statusCode, `${e.path}: ${res.body}`).toBe(403);
      expect(res.json(), e.path).toMatchObject({ error: { data: { code: "FORBIDDEN" } } });
      expect(snapshot(t), e.path).toBe(before);
    }
  });

  it("the endpoints open to guests are the night's, and only those", () => {
    const open = [
      ...restEndpoints.filter((e) => e.guest).map(restName),
      ...trpcEndpoints.filter((e) => e.guest).map((e) => e.path),
    ];
    expect(open.sort()).toEqual(
      [
        "GET /api/MonthlyMeetings/:id/Night",
        "night.get",
        "GET /api/MonthlyMeetings/:id/Flight",
        "night.flight",
        "PUT /api/MonthlyMeetings/:id/Scores/:pour",
        "night.score",
        "GET /api/MonthlyMeetings/:id/MyScores",
        "night.myScores",
        "GET /api/MonthlyMeetings/:id/Results",
        "night.results",
        "POST /api/Guests/Join",
        "guests.join",
        ...GUEST_LOOKUPS,
      ].sort(),
    );
  });
});
