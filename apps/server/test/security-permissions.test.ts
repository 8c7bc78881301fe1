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
 * SPEC.md section 6 and the roles of issue 11: a visitor can view everything and write nothing; a
 * member can do every capability of section 6, correct what they created, and manage their own
 * account; the treasurer and admins add their powers. One matrix over every write, REST and tRPC
 * (test/fuzz/endpoints.ts): visitor, a deactivated member's still-unexpired token, a member, the
 * author, the treasurer and an admin.
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
/** The writes beyond SPEC.md, by issue. */
type OtherWrite =
  | "Correct or delete (issue 11)"
  | "Manage members (issue 11)"
  | "Own account (issue 11)"
  | "Undo (issue 11)"
  | "Meeting night (issue 12)"
  | "Dues (issue 13)"
  | "Dues corrections and openings (issue 20)"
  | "Cellar (issue 14)"
  | "Merge bottles (issue 14)"
  | "Import and export (issue 14)"
  | "Backups (issue 15)"
  | "Guests at the table (issue 26)"
  | "Favourites (issue 24)";
type Capability = (typeof SECTION_6_CAPABILITIES)[number] | OtherWrite;

const EDIT = "Edit brand, type, country, state and ABV of a bottle";
const CORRECT = "Correct or delete (issue 11)";
const MANAGE = "Manage members (issue 11)";
const ACCOUNT = "Own account (issue 11)";
const NIGHT = "Meeting night (issue 12)";
const GUESTS = "Guests at the table (issue 26)";

/** What each write is. */
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
  "POST /api/Bottles/UpdateBrand": EDIT,
  "POST /api/Bottles/UpdateDrinkType": EDIT,
  "POST /api/Bottles/UpdateCountry": EDIT,
  "POST /api/Bottles/UpdateState": EDIT,
  "POST /api/Bottles/UpdateABV": EDIT,
  "bottles.updateBrand": EDIT,
  "bottles.updateDrinkType": EDIT,
  "bottles.updateCountry": EDIT,
  "bottles.updateState": EDIT,
  "bottles.updateAbv": EDIT,
  "POST /api/Bottles/UploadImage": "Upload bottle image",
  "POST /api/BottleInstances/new": "Add bottle instance",
  "instances.create": "Add bottle instance",
  "PUT /api/BottleInstances/finish/:id": "Mark instance finished",
  "instances.finish": "Mark instance finished",
  "PUT /api/MonthlyMeetings/:id": CORRECT,
  "meetings.update": CORRECT,
  "DELETE /api/MonthlyMeetings/:id": CORRECT,
  "meetings.delete": CORRECT,
  "DELETE /api/MonthlyMeetings/:id/Bottles/:bottleId": CORRECT,
  "meetings.removeBottle": CORRECT,
  "PUT /api/Bottles/:id": CORRECT,
  "bottles.update": CORRECT,
  "DELETE /api/Bottles/:id": CORRECT,
  "bottles.delete": CORRECT,
  "PUT /api/BottleInstances/:id": CORRECT,
  "instances.update": CORRECT,
  "DELETE /api/BottleInstances/:id": CORRECT,
  "instances.delete": CORRECT,
  "PUT /api/BottleComments/:id": CORRECT,
  "comments.update": CORRECT,
  "DELETE /api/BottleComments/:id": CORRECT,
  "comments.delete": CORRECT,
  "PUT /api/MonthlyThemes/:id": CORRECT,
  "themes.update": CORRECT,
  "DELETE /api/MonthlyThemes/:id": CORRECT,
  "themes.delete": CORRECT,
  "POST /api/Members/:id/Approve": MANAGE,
  "members.approve": MANAGE,
  "POST /api/Members/:id/Reject": MANAGE,
  "members.reject": MANAGE,
  "POST /api/Members/:id/Deactivate": MANAGE,
  "members.deactivate": MANAGE,
  "POST /api/Members/:id/Reactivate": MANAGE,
  "members.reactivate": MANAGE,
  "PUT /api/Members/:id/Role": MANAGE,
  "members.setRole": MANAGE,
  "POST /api/Invites": MANAGE,
  "members.invite": MANAGE,
  "PUT /api/Account": ACCOUNT,
  "account.update": ACCOUNT,
  "POST /api/Account/Password": ACCOUNT,
  "account.changePassword": ACCOUNT,
  "POST /api/Account/LogoutEverywhere": ACCOUNT,
  "account.logoutEverywhere": ACCOUNT,
  "POST /api/Activity/:id/Undo": "Undo (issue 11)",
  "activity.undo": "Undo (issue 11)",
  "PUT /api/MonthlyMeetings/:id/Rsvp": NIGHT,
  "night.rsvp": NIGHT,
  "PUT /api/MonthlyMeetings/:id/Settings": NIGHT,
  "night.settings": NIGHT,
  "PUT /api/MonthlyMeetings/:id/Flight": NIGHT,
  "night.setFlight": NIGHT,
  "POST /api/MonthlyMeetings/:id/Flight/Copy": NIGHT,
  "night.copyFlight": NIGHT,
  "PUT /api/MonthlyMeetings/:id/Scores/:pour": NIGHT,
  "night.score": NIGHT,
  "POST /api/MonthlyMeetings/:id/Reveal": NIGHT,
  "night.reveal": NIGHT,
  "POST /api/Dues/Payments": "Dues (issue 13)",
  "dues.pay": "Dues (issue 13)",
  "POST /api/Dues/Waivers": "Dues (issue 13)",
  "dues.waive": "Dues (issue 13)",
  "POST /api/Dues/Entries/:id/Void": "Dues corrections and openings (issue 20)",
  "dues.void": "Dues corrections and openings (issue 20)",
  "PUT /api/Dues/Members/:memberId/Opening": "Dues corrections and openings (issue 20)",
  "dues.setOpening": "Dues corrections and openings (issue 20)",
  "PUT /api/Account/Preferences": ACCOUNT,
  "reminders.setPreferences": ACCOUNT,
  "POST /api/Backups": "Backups (issue 15)",
  "backups.create": "Backups (issue 15)",
  "PUT /api/Bottles/:id/Favourite": "Favourites (issue 24)",
  "bottles.setFavourite": "Favourites (issue 24)",
  "PUT /api/BottleInstances/:id/Open": "Cellar (issue 14)",
  "cellar.open": "Cellar (issue 14)",
  "PUT /api/BottleInstances/:id/Level": "Cellar (issue 14)",
  "cellar.setLevel": "Cellar (issue 14)",
  "POST /api/Bottles/:id/MergeInto/:keepId": "Merge bottles (issue 14)",
  "bottles.mergeInto": "Merge bottles (issue 14)",
  "POST /api/Bottles/Import": "Import and export (issue 14)",
  "POST /api/Club/Import": "Import and export (issue 14)",
  "PUT /api/MonthlyMeetings/:id/Phase": GUESTS,
  "night.phase": GUESTS,
  "POST /api/MonthlyMeetings/:id/GuestCode": GUESTS,
  "guests.openCode": GUESTS,
  "DELETE /api/MonthlyMeetings/:id/GuestCode": GUESTS,
  "guests.closeCode": GUESTS,
  "DELETE /api/MonthlyMeetings/:id/Guests/:guestId": GUESTS,
  "guests.remove": GUESTS,
  "POST /api/MonthlyMeetings/:id/Guests": GUESTS,
  "guests.add": GUESTS,
  "PUT /api/MonthlyMeetings/:id/Guests/:guestId/Scores/:pour": GUESTS,
  "guests.setScore": GUESTS,
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
      // tRPC's routes, and the live stream's (a tRPC subscription served by platform/liveStreams.ts).
      .filter((r) => r.method !== "HEAD" && !r.url.startsWith("/trpc/") && !r.url.startsWith("/docs"))
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

  it("knows what every write is, has every capability of SPEC.md section 6 over REST and tRPC", () => {
    const writes = [...restEndpoints, ...trpcEndpoints].filter((e) => e.write);
    for (const e of writes) expect(CAPABILITY[nameOf(e)], nameOf(e)).toBeDefined();
    const rest = new Set(restEndpoints.filter((e) => e.write).map((e) => CAPABILITY[restName(e)]));
    const trpc = new Set(trpcEndpoints.filter((e) => e.write).map((e) => CAPABILITY[e.path]));
    for (const capability of SECTION_6_CAPABILITIES) {
      expect(rest.has(capability), capability).toBe(true);
      if (capability !== "Upload bottle image") expect(trpc.has(capability), capability).toBe(true);
    }
    // Every write needs a member; every non-write is public, or the member's own reads.
    for (const e of writes) expect(e.access, nameOf(e)).not.toBe("public");
    const memberReads = [...restEndpoints, ...trpcEndpoints].filter((e) => !e.write && e.access !== "public");
    expect(memberReads.map(nameOf).sort()).toEqual(
      [
        "POST /api/Register/validateToken",
        "GET /api/Account",
        "account.get",
        "GET /api/Activity",
        "activity.list",
        "GET /api/Members",
        "members.list",
        "GET /api/MonthlyMeetings/:id/MyScores",
        "night.myScores",
        "GET /api/MonthlyMeetings/:id/MyRsvp",
        "night.myRsvp",
        "GET /api/Members/HostCandidates",
        "night.hostCandidates",
        "GET /api/Me/Tastings",
        "night.tastings",
        "GET /api/Bottles/Favourites",
        "bottles.favourites",
        "GET /api/Dues/Me",
        "dues.me",
        "GET /api/Dues",
        "dues.list",
        "GET /api/Dues/Members/:memberId",
        "dues.member",
        "GET /api/Dues/Export",
        "GET /api/Dues/Report",
        "dues.report",
        "GET /api/Account/Preferences",
        "reminders.preferences",
        "GET /api/Backups",
        "backups.overview",
        "GET /api/Backups/Latest",
        "GET /api/Bottles/Similar",
        "search.similar",
        "GET /api/Club/Export",
        // Names and notes are members' data (issue 21).
        "GET /api/MonthlyMeetings/:id/Results.csv",
        // The host's list of guests (issue 26).
        "GET /api/MonthlyMeetings/:id/Guests",
        "guests.list",
        "GET /api/MonthlyMeetings/:id/Guests/:guestId/Scores",
        "guests.scores",
      ].sort(),
    );
  });
});

/** Who calls, for each cell of the matrix. */
type Who = "member" | "other" | "treasurer" | "admin";

/** The status a well-formed call gets from each caller. */
function expected(e: RestEndpoint | TrpcEndpoint, who: Who, ok: number): number {
  if (e.access === "admin") return who === "admin" ? ok : 403;
  if (e.access === "treasurer") return who === "admin" || who === "treasurer" ? ok : 403;
  if (e.owned) return who === "member" || who === "admin" ? ok : 403;
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
  for (const e of restEndpoints.filter((x) => x.access !== "public")) {
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

  for (const e of restEndpoints.filter((x) => x.access === "public")) {
    it(`${restName(e)}: open to visitors (${e.ok})`, async () => {
      const res = await t.request(restInject(e, await e.valid(c)));
      expect(res.statusCode, res.body).toBe(e.ok);
    });
  }
});

describe("tRPC", () => {
  for (const e of trpcEndpoints.filter((x) => x.access !== "public")) {
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

/**
 * Issue 26: a guest pass is a third kind of caller, scoped to one meeting night. On every endpoint
 * not marked for guests it gets 403 and changes nothing; on those marked (the night, the flight,
 * scores, the results), the well-formed call names the fixtures' meeting, not the guest's: 403 too.
 */
describe("a guest pass (issue 26)", () => {
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
      expect(res.statusCode, `${restName(e)}: ${res.body}`).toBe(403);
      expect(snapshot(t), restName(e)).toBe(before);
    }
  });

  it("tRPC: FORBIDDEN and no change likewise", async () => {
    for (const e of trpcEndpoints) {
      if (e.path === "guests.join") continue;
      const input = await e.valid(c);
      const before = snapshot(t);
      const res = await t.request(trpcInject(e.path, e.type, input, guestToken));
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
      ].sort(),
    );
  });
});
