import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { members } from "@club/db";
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
 * Members' data for members (policy/privacy.ts): who is going (names), who guessed a
 * blind pour right, the night's scores with names and notes (the results CSV), the journals: a
 * visitor sees none of it, only counts and the floor's public reads. Walks EVERY read of the
 * router as a visitor after a member with a distinctive name answered, scored with a note and
 * guessed a blind pour right; then checks that members do see it.
 *
 * The member has not commented: docs/product.md makes comments (with the commenter's name) a public read.
 * The Stats screen names active members by first name and last initial ("Zebedee Q."), never the
 * last name, which is what the walk looks for.
 */
const NAME = { firstName: "Zebedee", lastName: "Quixotehurst" };
const NOTE = "Tastes of quixotehurst marmalade";

let t: TestApp;
let c: EndpointCtx;
let zeb: Awaited<ReturnType<TestApp["member"]>>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  c = makeCtx(t, await seedFixtures(t));
  zeb = await t.member();
  t.app.deps.db.update(members).set(NAME).where(eq(members.id, zeb.user.id)).run();
  const host = t.caller(c.f.member.user);
  const me = t.caller(zeb.user);
  await me.night.rsvp({ id: c.f.upcomingMeetingId, status: "going", guests: 1 });
  const bottle = await host.bottles.byId({ id: c.f.bottleId });
  await host.night.settings({
    id: c.f.meetingId,
    capacity: null,
    blind: true,
    scoringOpen: true,
    hostMemberId: null,
  });
  await me.night.score({
    id: c.f.meetingId,
    pour: 1,
    nose: 21,
    palate: 22,
    finish: 23,
    balance: 24,
    note: NOTE,
    guess: { abv: bottle.abv },
  });
  await host.night.reveal({ id: c.f.meetingId });
});
afterAll(() => t.close());

const reads: { name: string; rest?: RestEndpoint; trpc?: TrpcEndpoint }[] = [
  ...restEndpoints.filter((e) => e.method === "GET").map((e) => ({ name: restName(e), rest: e })),
  ...trpcEndpoints.filter((e) => e.type === "query").map((e) => ({ name: e.path, trpc: e })),
];
const call = async (read: (typeof reads)[number], token?: string) =>
  read.rest
    ? t.request(restInject(read.rest, await read.rest.valid(c), token))
    : t.request(trpcInject(read.trpc!.path, "query", await read.trpc!.valid(c), token));

const shows = (body: string) => [NAME.lastName, NOTE].filter((needle) => body.includes(needle));

describe("a visitor sees no member's name beside an answer, a score, a note or a journal", () => {
  it("covers every read", () => {
    expect(reads.length).toBeGreaterThan(30);
  });

  for (const read of reads)
    it(read.name, async () => {
      const res = await call(read);
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      expect(shows(res.body)).toEqual([]);
    });
});

describe("visitors keep the counts; members see the names", () => {
  it("who is going: the answers without names for a visitor, with names for a member", async () => {
    const url = `/api/MonthlyMeetings/${c.f.upcomingMeetingId}/Rsvps`;
    expect((await t.request({ method: "GET", url })).json()).toEqual([
      { member: null, status: "going", guests: 1, waitlistPosition: null },
    ]);
    expect((await t.request({ method: "GET", url, token: c.f.other.token })).json()).toEqual([
      { member: NAME, status: "going", guests: 1, waitlistPosition: null },
    ]);
  });

  it("the results: the figures for a visitor; who guessed right for a member", async () => {
    const url = `/api/MonthlyMeetings/${c.f.meetingId}/Results`;
    const [visitor] = (await t.request({ method: "GET", url })).json<{ count: number; guesses: unknown }[]>();
    expect(visitor).toMatchObject({ count: 1, average: 90, guesses: null });
    const [member] = (await t.request({ method: "GET", url, token: c.f.other.token })).json<
      { guesses: { closestAbv: unknown[] } }[]
    >();
    expect(member?.guesses.closestAbv).toEqual([expect.objectContaining({ ...NAME, off: 0 })]);
  });

  it("the results CSV: 401 for a visitor, the names and notes for a member", async () => {
    const url = `/api/MonthlyMeetings/${c.f.meetingId}/Results.csv`;
    const visitor = await t.request({ method: "GET", url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    const member = await t.request({ method: "GET", url, token: c.f.other.token });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain(`${NAME.firstName} ${NAME.lastName}`);
    expect(member.body).toContain(NOTE);
    expect(member.headers["cache-control"]).toBe("no-store");
  });

  it("journals are their owner's; the floor's public reads stay public", async () => {
    expect((await t.request({ method: "GET", url: "/api/Me/Tastings" })).statusCode).toBe(401);
    const own = await t.request({ method: "GET", url: "/api/Me/Tastings", token: zeb.token });
    expect(own.body).toContain(NOTE);
    const others = await t.request({ method: "GET", url: "/api/Me/Tastings", token: c.f.other.token });
    expect(others.body).not.toContain(NOTE);
    for (const url of [
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
      `/api/MonthlyMeetings/${c.f.meetingId}`,
      "/api/Bottles",
      "/api/Bottles/AllBottlesList",
      `/api/Bottles/${c.f.bottleId}`,
      `/api/BottleComments/bottle/${c.f.bottleId}`,
      "/api/Brands",
      "/api/DrinkTypes",
      "/api/Countries",
      "/api/States",
      "/api/MonthlyThemes/WithLastDate",
    ])
      expect((await t.request({ method: "GET", url })).statusCode, url).toBe(200);
  });
});
