import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GUEST_CODE_ALPHABET,
  GUESTS_MAX,
  ServerMessages,
  type GuestCode,
  type GuestJoinResult,
  type MeetingNight,
  type PourResult,
} from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { endOfMeetingDay, newGuestCode } from "./service";

/** Guests at the tasting table. Every call over REST, as other programs make them. */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let host: M;
let ann: M;
let admin: M;
let themeId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_TIMEZONE: "America/New_York" } });
  admin = await t.member(undefined, { role: "admin" });
  host = await t.member();
  ann = await t.member();
  themeId = (await t.caller(host.user).themes.create({ description: "Guest night" })).id;
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

const sql = () => t.app.deps.db.$client;
const count = (table: string) =>
  (sql().prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** A meeting of the host's with `pours` bottles in its flight. */
async function night(opts: { date?: string; pours?: number; blind?: boolean } = {}) {
  const caller = t.caller(host.user);
  const { id } = await caller.meetings.create({ date: opts.date ?? "2999-03-08", hostName: "Host", themeId });
  const pours = [];
  for (let i = 0; i < (opts.pours ?? 2); i++)
    pours.push({
      bottleId: (await caller.bottles.create({ name: `Cask ${id}-${i}`, abv: 40 + i })).id,
      pourMl: 25,
    });
  await caller.night.setFlight({ id, pours });
  if (opts.blind)
    await caller.night.settings({ id, capacity: null, blind: true, scoringOpen: true, hostMemberId: null });
  return id;
}

async function openCode(id: number, token = host.token): Promise<GuestCode> {
  const res = await send("POST", `/api/MonthlyMeetings/${id}/GuestCode`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestCode>();
}

async function join(code: string, firstName = "Gina", guestOf?: string): Promise<GuestJoinResult> {
  const res = await send("POST", "/api/Guests/Join", undefined, { code, firstName, guestOf });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestJoinResult>();
}

const scoreBody = (n: number) => ({
  nose: n,
  palate: n,
  finish: n,
  balance: n,
  note: "Pear",
  tags: ["fruity"],
});

describe("the join code", () => {
  it("has 6 characters without look-alikes", () => {
    for (let i = 0; i < 200; i++) {
      const code = newGuestCode();
      expect(code).toMatch(/^[A-Z0-9]{6}$/);
      for (const ch of code) expect(GUEST_CODE_ALPHABET).toContain(ch);
    }
    for (const lookAlike of ["0", "O", "1", "I", "L", "5", "S", "8", "B", "2", "Z"])
      expect(GUEST_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it("is valid until the end of the meeting day in the club's time zone", () => {
    // New York in March 2999 is on daylight time (UTC-4): the day ends at 04:00 UTC the next day.
    expect(endOfMeetingDay("2999-07-08", "America/New_York").toISOString()).toBe("2999-07-09T04:00:00.000Z");
    expect(endOfMeetingDay("2999-01-08", "America/New_York").toISOString()).toBe("2999-01-09T05:00:00.000Z");
  });

  it("POST answers {code, url, expiresAt}; a new code replaces the old; DELETE closes joining", async () => {
    const id = await night();
    const first = await openCode(id);
    expect(first.url).toBe(`http://club.test/join?code=${first.code}`);
    expect(first.expiresAt).toBe(endOfMeetingDay("2999-03-08", "America/New_York").toISOString());
    const second = await openCode(id);
    expect(second.code).not.toBe(first.code);
    const old = await send("POST", "/api/Guests/Join", undefined, { code: first.code, firstName: "Old" });
    expect(old.statusCode).toBe(404);
    // The host's night read shows the open code; a member's does not.
    expect(
      (await send("GET", `/api/MonthlyMeetings/${id}/Night`, host.token)).json<MeetingNight>().guestCode,
    ).toEqual(second);
    expect(
      (await send("GET", `/api/MonthlyMeetings/${id}/Night`, ann.token)).json<MeetingNight>().guestCode,
    ).toBeNull();
    expect((await send("DELETE", `/api/MonthlyMeetings/${id}/GuestCode`, host.token)).statusCode).toBe(200);
    const closed = await send("POST", "/api/Guests/Join", undefined, {
      code: second.code,
      firstName: "Late",
    });
    expect(closed.statusCode).toBe(404);
    expect(closed.json()).toMatchObject({
      error: { code: "NOT_FOUND", message: ServerMessages.guestCodeUnknown },
    });
  });

  it("only the host or an admin opens, closes and lists; a past meeting takes no new code", async () => {
    const id = await night();
    for (const [method, url] of [
      ["POST", `/api/MonthlyMeetings/${id}/GuestCode`],
      ["DELETE", `/api/MonthlyMeetings/${id}/GuestCode`],
      ["GET", `/api/MonthlyMeetings/${id}/Guests`],
    ] as const) {
      expect((await send(method, url, ann.token)).statusCode, url).toBe(403);
      expect((await send(method, url)).statusCode, url).toBe(401);
    }
    await openCode(id, admin.token);
    const past = await night({ date: "2020-01-10" });
    const res = await send("POST", `/api/MonthlyMeetings/${past}/GuestCode`, host.token);
    expect(res.statusCode).toBe(409);
    expect((await send("POST", `/api/MonthlyMeetings/999999/GuestCode`, host.token)).statusCode).toBe(404);
  });

  it("an expired code is unknown (404)", async () => {
    const id = await night();
    const { code } = await openCode(id);
    sql()
      .prepare("UPDATE guest_codes SET expires_at = ? WHERE meeting_id = ?")
      .run("2000-01-01T00:00:00.000Z", id);
    const res = await send("POST", "/api/Guests/Join", undefined, { code, firstName: "Late" });
    expect(res.statusCode).toBe(404);
    // And the host's screen no longer shows it.
    expect(
      (await send("GET", `/api/MonthlyMeetings/${id}/Night`, host.token)).json<MeetingNight>().guestCode,
    ).toBeNull();
  });
});

describe("joining", () => {
  it("a code typed in lower case with spaces joins; the guest is listed with whose guest they are", async () => {
    const id = await night();
    const { code } = await openCode(id);
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const joined = await join(typed, "  Gina  ", "Ann");
    expect(joined.meetingId).toBe(id);
    const list = await send("GET", `/api/MonthlyMeetings/${id}/Guests`, host.token);
    expect(list.json()).toEqual([
      {
        id: joined.guestId,
        firstName: "Gina",
        guestOf: "Ann",
        joinedAt: expect.any(String),
        email: null,
        invitedAt: null,
        scored: 0,
      },
    ]);
  });

  it("bad names are a 400 and store nothing", async () => {
    const id = await night();
    const { code } = await openCode(id);
    const before = count("guests");
    for (const body of [
      { code, firstName: "" },
      { code, firstName: "   " },
      { code, firstName: "x".repeat(41) },
      { code, firstName: "Gi\u0000na" },
      { code, firstName: "Gina\nSmith" },
      { code, firstName: "Gina", guestOf: "A\u0007nn" },
      { code, firstName: "Gina", guestOf: "y".repeat(41) },
      { code, firstName: 42 },
      { code: "ABC", firstName: "Gina" },
      { firstName: "Gina" },
    ]) {
      const res = await send("POST", "/api/Guests/Join", undefined, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: "BAD_REQUEST" } });
    }
    expect(count("guests")).toBe(before);
  });

  it("a name that shows nothing, or turns the text around it, is a 400; real names with joiners join", async () => {
    const id = await night();
    const { code } = await openCode(id);
    const before = count("guests");
    // A club's guest walk: each of these joined and showed the host a blank or reversed line.
    for (const firstName of [
      "\u200b",
      "\u200b \ufeff",
      "\u2060",
      "Gi\u202ena",
      "Gi\u2067na",
      "\u200e\u200f",
    ]) {
      const res = await send("POST", "/api/Guests/Join", undefined, { code, firstName });
      expect(res.statusCode, JSON.stringify(firstName)).toBe(400);
    }
    expect(count("guests")).toBe(before);
    // A Persian name needs its zero-width non-joiner, an emoji family its joiners.
    for (const firstName of [
      "Zoë",
      "Mary-Jane",
      "\u0645\u06cc\u200c\u0644\u0627\u062f",
      "Kai \u{1F468}\u200d\u{1F469}",
    ])
      await join(code, firstName);
    expect(count("guests")).toBe(before + 4);
  });

  it(`takes at most ${GUESTS_MAX} guests (409, nothing stored), the database holds it too`, async () => {
    const id = await night();
    const { code } = await openCode(id);
    for (let i = 0; i < GUESTS_MAX; i++) await join(code, `Guest ${i}`);
    const before = count("guests");
    const res = await send("POST", "/api/Guests/Join", undefined, { code, firstName: "One too many" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: ServerMessages.guestsFull } });
    expect(count("guests")).toBe(before);
    expect(() =>
      sql().prepare("INSERT INTO guests (meeting_id, first_name) VALUES (?, 'Sneaky')").run(id),
    ).toThrow(ServerMessages.guestsFull);
  });
});

describe("a guest pass", () => {
  it("reads its meeting's night, flight and results, scores, and reads its scores back", async () => {
    const id = await night({ blind: true });
    const { code } = await openCode(id);
    const g = await join(code, "Gina", "Ann");
    const nightRead = await send("GET", `/api/MonthlyMeetings/${id}/Night`, g.guestToken);
    expect(nightRead.statusCode).toBe(200);
    expect(nightRead.json<MeetingNight>()).toMatchObject({
      viewer: "guest",
      guestName: "Gina",
      isHost: false,
      guestCode: null,
    });
    const flight = await send("GET", `/api/MonthlyMeetings/${id}/Flight`, g.guestToken);
    expect(flight.statusCode).toBe(200);
    // Blind pours as "Dram N": no bottle.
    expect(flight.json()).toEqual([
      expect.objectContaining({ pour: 1, label: "Dram 1", bottle: null, revealed: false }),
      expect.objectContaining({ pour: 2, label: "Dram 2", bottle: null, revealed: false }),
    ]);
    const saved = await send("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, g.guestToken, {
      ...scoreBody(20),
      guess: { abv: 41 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ pour: 1, total: 80, note: "Pear", guess: { abv: 41 } });
    const mine = await send("GET", `/api/MonthlyMeetings/${id}/MyScores`, g.guestToken);
    expect(mine.json()).toEqual([expect.objectContaining({ pour: 1, total: 80, note: "Pear" })]);
    // A member's own scores are theirs: the guest's are not among them.
    expect((await send("GET", `/api/MonthlyMeetings/${id}/MyScores`, ann.token)).json()).toEqual([]);
    // The written score is in the activity log, by no member.
    const entry = sql()
      .prepare(
        "SELECT member_id AS memberId, entity FROM activity WHERE entity = 'guestScore' ORDER BY id DESC",
      )
      .get();
    expect(entry).toEqual({ memberId: null, entity: "guestScore" });
    const results = await send("GET", `/api/MonthlyMeetings/${id}/Results`, g.guestToken);
    expect(results.statusCode).toBe(200);
    const [first] = results.json<PourResult[]>();
    // A blind pour's results wait for its reveal, for a guest too: only how many scored it.
    expect(first).toMatchObject({
      count: 1,
      shown: false,
      average: null,
      bottle: null,
      tasters: null,
      guesses: null,
    });
  });

  it("is refused (403) at another meeting and on every other endpoint, and changes nothing", async () => {
    const id = await night();
    const other = await night();
    const { code } = await openCode(id);
    const g = await join(code);
    const before = count("scores") + count("guest_scores") + count("themes") + count("bottles");
    for (const [method, url, body] of [
      ["GET", `/api/MonthlyMeetings/${other}/Night`],
      ["GET", `/api/MonthlyMeetings/${other}/Flight`],
      ["GET", `/api/MonthlyMeetings/${other}/Results`],
      ["GET", `/api/MonthlyMeetings/${other}/MyScores`],
      ["PUT", `/api/MonthlyMeetings/${other}/Scores/1`, scoreBody(10)],
      ["GET", `/api/MonthlyMeetings/${id}/Results.csv`],
      ["GET", `/api/MonthlyMeetings/${id}/Rsvps`],
      ["GET", `/api/MonthlyMeetings/${id}/Guests`],
      ["PUT", `/api/MonthlyMeetings/${id}/Phase`, { pour: 1, phase: "nose" }],
      ["POST", `/api/MonthlyMeetings/${id}/Reveal`, {}],
      ["POST", `/api/MonthlyMeetings/${id}/GuestCode`],
      ["GET", `/api/MonthlyMeetings/${id}`],
      ["GET", "/api/Bottles"],
      ["GET", "/api/MonthlyThemes"],
      ["POST", "/api/MonthlyThemes", { description: "Guest theme" }],
      ["POST", "/api/BottleComments", { bottleId: 1, comment: "Guest comment" }],
      ["GET", "/api/Me/Tastings"],
      ["GET", "/api/Account"],
      ["GET", "/api/Members"],
      ["GET", "/api/Activity"],
      ["GET", "/api/Club/Export"],
    ] as const) {
      const res = await send(method, url, g.guestToken, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json(), url).toMatchObject({
        error: { code: "FORBIDDEN", message: ServerMessages.guestPassOnly },
      });
    }
    // tRPC too, a batch with one procedure a guest may not call included.
    const trpc = await t.request({
      method: "GET",
      url: `/trpc/night.flight,bottles.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id }, 1: {} }))}`,
      token: g.guestToken,
    });
    expect(trpc.statusCode).toBe(403);
    const trpcOther = await t.request({
      method: "GET",
      url: `/trpc/night.flight?input=${encodeURIComponent(JSON.stringify({ id: other }))}`,
      token: g.guestToken,
    });
    expect(trpcOther.statusCode).toBe(403);
    expect(count("scores") + count("guest_scores") + count("themes") + count("bottles")).toBe(before);
  });

  it("never passes as a member's token, and a member's token never as a guest pass", async () => {
    const id = await night();
    const { code } = await openCode(id);
    const g = await join(code);
    expect(await t.app.deps.tokens.verifyAccessToken(g.guestToken)).toBeNull();
    expect(await t.app.deps.tokens.verifyGuestToken(host.token)).toBeNull();
    expect(await t.app.deps.tokens.verifyGuestToken(g.guestToken)).toEqual({
      guestId: g.guestId,
      meetingId: id,
    });
  });

  it("stops working when the host removes the guest, whose scores go with them", async () => {
    const id = await night();
    const { code } = await openCode(id);
    const g = await join(code);
    await send("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, g.guestToken, scoreBody(15));
    await send("PUT", `/api/MonthlyMeetings/${id}/Scores/2`, g.guestToken, scoreBody(16));
    expect((await send("GET", `/api/MonthlyMeetings/${id}/Guests`, host.token)).json()).toEqual([
      expect.objectContaining({ id: g.guestId, scored: 2 }),
    ]);
    expect(
      (await send("DELETE", `/api/MonthlyMeetings/${id}/Guests/${g.guestId}`, ann.token)).statusCode,
    ).toBe(403);
    const removed = await send("DELETE", `/api/MonthlyMeetings/${id}/Guests/${g.guestId}`, host.token);
    expect(removed.statusCode).toBe(200);
    expect(sql().prepare("SELECT count(*) AS n FROM guest_scores WHERE guest_id = ?").get(g.guestId)).toEqual(
      { n: 0 },
    );
    const after = await send("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, g.guestToken, scoreBody(15));
    expect(after.statusCode).toBe(401);
    expect((await send("GET", `/api/MonthlyMeetings/${id}/MyScores`, g.guestToken)).statusCode).toBe(401);
    expect(
      (await send("DELETE", `/api/MonthlyMeetings/${id}/Guests/${g.guestId}`, host.token)).statusCode,
    ).toBe(404);
    // Removing another meeting's guest through this meeting's path: 404.
    const other = await night();
    const g2 = await join((await openCode(other)).code);
    expect(
      (await send("DELETE", `/api/MonthlyMeetings/${id}/Guests/${g2.guestId}`, host.token)).statusCode,
    ).toBe(404);
  });

  it("wrong codes count against the address (429 with Retry-After); right codes do not", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: "3" } });
    try {
      const h = await limited.member();
      const theme = await limited.caller(h.user).themes.create({ description: "Limits" });
      const { id } = await limited
        .caller(h.user)
        .meetings.create({ date: "2999-01-01", hostName: "H", themeId: theme.id });
      const { code } = await limited.caller(h.user).guests.openCode({ id });
      const post = (c: string, name = "Gina") =>
        limited.request({ method: "POST", url: "/api/Guests/Join", payload: { code: c, firstName: name } });
      // Right codes from one address: more than the limit, all fine.
      for (let i = 0; i < 5; i++) expect((await post(code, `G${i}`)).statusCode).toBe(200);
      const wrong = code === "AAAAAA" ? "CCCCCC" : "AAAAAA";
      for (let i = 0; i < 3; i++) expect((await post(wrong)).statusCode).toBe(404);
      const refused = await post(wrong);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // Even the right code waits now: a guesser cannot keep trying.
      expect((await post(code, "Patient")).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("guests in the results", () => {
  it("are marked, by first name, in the results and the CSV; counted in the club score only if the host says so", async () => {
    const id = await night({ pours: 1 });
    const { code } = await openCode(id);
    const g = await join(code, "Gina", "Ann");
    // Live results: the figures show while scoring is open.
    await t.caller(host.user).night.settings({
      id,
      capacity: null,
      blind: false,
      scoringOpen: true,
      hostMemberId: null,
      liveResults: true,
    });
    await send("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, ann.token, scoreBody(20));
    await send("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, g.guestToken, scoreBody(10));
    const [result] = (await send("GET", `/api/MonthlyMeetings/${id}/Results`, ann.token)).json<
      PourResult[]
    >();
    expect(result).toMatchObject({ count: 2, average: 60 });
    expect(result!.tasters).toEqual([
      expect.objectContaining({ guest: false, total: 80, guestOf: null }),
      { firstName: "Gina", lastName: "", guest: true, guestOf: "Ann", total: 40 },
    ]);
    // Visitors see the figures, no names.
    const [visitor] = (await send("GET", `/api/MonthlyMeetings/${id}/Results`)).json<PourResult[]>();
    expect(visitor).toMatchObject({ count: 2, tasters: null });
    const csv = await send("GET", `/api/MonthlyMeetings/${id}/Results.csv`, ann.token);
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "pour,label,bottle,member,nose,palate,finish,balance,total,note,tags,guest,guest of",
    );
    expect(lines).toContain(`1,Dram 1,Cask ${id}-0,Gina,10,10,10,10,40,Pear,fruity,yes,Ann`);
    // The club score: members only by default...
    const bottleId = (await t.caller(ann.user).night.flight({ id }))[0]!.bottle!.id;
    const clubScore = async () =>
      (await t.caller(null).night.clubScores()).find((s) => s.bottleId === bottleId);
    expect(await clubScore()).toEqual({ bottleId, clubScore: 80, count: 1 });
    expect((await t.caller(null).night.bottlePours({ id: bottleId }))[0]).toMatchObject({
      average: 80,
      count: 1,
    });
    // ...and with the guests when the host counts them.
    const settings = await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, host.token, {
      capacity: null,
      blind: false,
      scoringOpen: true,
      hostMemberId: null,
      guestsInClubScore: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(await clubScore()).toEqual({ bottleId, clubScore: 60, count: 2 });
    expect((await t.caller(null).night.bottlePours({ id: bottleId }))[0]).toMatchObject({
      average: 60,
      count: 2,
    });
    expect(
      (await send("GET", `/api/MonthlyMeetings/${id}/Night`, ann.token)).json<MeetingNight>()
        .guestsInClubScore,
    ).toBe(true);
  });

  it("stay with the meeting: deleted with it, back with its undo, in the club export", async () => {
    const id = await night({ pours: 1 });
    const g = await join((await openCode(id)).code, "Gina");
    await send("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, g.guestToken, scoreBody(12));
    const rows = () => ({
      guests: sql().prepare("SELECT * FROM guests WHERE meeting_id = ?").all(id),
      scores: sql().prepare("SELECT * FROM guest_scores WHERE meeting_id = ?").all(id),
    });
    const before = rows();
    expect(before.scores).toHaveLength(1);
    await t.caller(admin.user).meetings.delete({ id });
    expect(rows()).toEqual({ guests: [], scores: [] });
    const [entry] = await t
      .caller(admin.user)
      .activity.list({ entity: "meeting", entityId: String(id), limit: 1 });
    await t.caller(admin.user).activity.undo({ id: entry!.id });
    expect(rows()).toEqual(before);
    const dump = await send("GET", "/api/Club/Export", admin.token);
    expect(dump.statusCode).toBe(200);
    const tables = dump.json<{ tables: Record<string, unknown[]> }>().tables;
    expect(Object.keys(tables)).toEqual(expect.arrayContaining(["guests", "guest_scores"]));
  });
});

describe("phases", () => {
  it("the host sets the pour and phase with a timer; the night read carries it; null turns it off", async () => {
    const id = await night();
    const g = await join((await openCode(id)).code);
    expect(
      (await send("PUT", `/api/MonthlyMeetings/${id}/Phase`, ann.token, { pour: 1, phase: "nose" }))
        .statusCode,
    ).toBe(403);
    const before = Date.now();
    const set = await send("PUT", `/api/MonthlyMeetings/${id}/Phase`, host.token, {
      pour: 2,
      phase: "nose",
      seconds: 90,
    });
    expect(set.statusCode, set.body).toBe(200);
    const phase = (await send("GET", `/api/MonthlyMeetings/${id}/Night`, g.guestToken)).json<MeetingNight>()
      .phase;
    expect(phase).toMatchObject({ pour: 2, phase: "nose" });
    const endsAt = Date.parse(phase!.endsAt!);
    expect(endsAt).toBeGreaterThanOrEqual(before + 90_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 90_000);
    await send("PUT", `/api/MonthlyMeetings/${id}/Phase`, host.token, { pour: 2, phase: "score" });
    expect(
      (await send("GET", `/api/MonthlyMeetings/${id}/Night`, ann.token)).json<MeetingNight>().phase,
    ).toEqual({
      pour: 2,
      phase: "score",
      endsAt: null,
    });
    for (const bad of [
      { pour: 9, phase: "nose" },
      { pour: 1, phase: "taste" },
      { pour: 0, phase: "nose" },
      { pour: 1, phase: "nose", seconds: 0 },
      { pour: 1, phase: "nose", seconds: 1.5 },
    ]) {
      const res = await send("PUT", `/api/MonthlyMeetings/${id}/Phase`, host.token, bad);
      expect([400, 404], JSON.stringify(bad)).toContain(res.statusCode);
    }
    expect(
      (await send("GET", `/api/MonthlyMeetings/${id}/Night`, ann.token)).json<MeetingNight>().phase,
    ).toMatchObject({
      pour: 2,
      phase: "score",
    });
    await send("PUT", `/api/MonthlyMeetings/${id}/Phase`, host.token, { pour: null, phase: null });
    expect(
      (await send("GET", `/api/MonthlyMeetings/${id}/Night`, ann.token)).json<MeetingNight>().phase,
    ).toBeNull();
  });

  it("the live stream carries the phase, to a guest too (its own meeting only)", async () => {
    const id = await night();
    const other = await night();
    const g = await join((await openCode(id)).code);
    const events: unknown[] = [];
    const { createGuestCaller } = await import("../../app/router");
    const guest = { id: g.guestId, meetingId: id, firstName: "Gina", guestOf: null };
    await expect(async () => {
      for await (const e of await createGuestCaller(t.app.deps, guest).night.events({ id: other })) void e;
    }).rejects.toThrow(ServerMessages.guestPassOnly);
    const stream = (await createGuestCaller(t.app.deps, guest).night.events({ id }))[Symbol.asyncIterator]();
    // The first event ("settings") comes once the stream listens.
    expect((await stream.next()).value).toEqual({ kind: "settings" });
    const next = stream.next();
    await send("PUT", `/api/MonthlyMeetings/${id}/Phase`, host.token, {
      pour: 1,
      phase: "palate",
      seconds: 30,
    });
    events.push((await next).value);
    await stream.return?.(undefined);
    // Over HTTP, a guest pass of another meeting gets no stream.
    const refused = await t.request({
      method: "GET",
      url: `/trpc/night.events?input=${encodeURIComponent(JSON.stringify({ id: other }))}`,
      token: g.guestToken,
    });
    expect(refused.statusCode).toBe(403);
    expect(events).toContainEqual({
      kind: "phase",
      phase: { pour: 1, phase: "palate", endsAt: expect.any(String) },
    });
  });
});

describe("a guest without a phone: the host types in their paper sheet", () => {
  type Guest = { id: number; firstName: string; guestOf: string | null; joinedAt: string; scored: number };
  type LogEntry = { action: string; entity: string; entityId: string; undoable: boolean; member: unknown };
  const base = (id: number) => `/api/MonthlyMeetings/${id}/Guests`;

  async function addGuest(id: number, firstName = "Pat", guestOf?: string | null, token = host.token) {
    const res = await send("POST", base(id), token, { firstName, guestOf });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Guest>();
  }

  it("the host adds a guest by name (no code, no pass), listed with the others; bad names are a 400", async () => {
    const id = await night();
    const added = await addGuest(id, "  Pat ", "Ann");
    expect(added).toMatchObject({ firstName: "Pat", guestOf: "Ann", scored: 0 });
    expect(Object.keys(added).sort()).toEqual([
      "email",
      "firstName",
      "guestOf",
      "id",
      "invitedAt",
      "joinedAt",
      "scored",
    ]);
    const list = (await send("GET", base(id), host.token)).json<Guest[]>();
    expect(list.map((g) => g.firstName)).toEqual(["Pat"]);
    // No code was opened: joining stays closed.
    expect(
      (await send("GET", `/api/MonthlyMeetings/${id}/Night`, host.token)).json<MeetingNight>().guestCode,
    ).toBe(null);
    const guests = count("guests");
    for (const body of [
      { firstName: "" },
      { firstName: "   " },
      { firstName: "x".repeat(41) },
      { firstName: "Pa\u0000t" },
      { firstName: "Pat", guestOf: "A\nnn" },
      {},
      { firstName: 7 },
    ]) {
      const res = await send("POST", base(id), host.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { code: string } }>().error).toBeDefined();
    }
    expect(count("guests")).toBe(guests);
  });

  it("only the host or an admin adds, reads and types in; another meeting's guest is not found", async () => {
    const id = await night();
    const other = await night();
    const pat = await addGuest(id);
    const guests = count("guests");
    const scores = count("guest_scores");
    expect((await send("POST", base(id), ann.token, { firstName: "Sly" })).statusCode).toBe(403);
    expect((await send("POST", base(id), undefined, { firstName: "Sly" })).statusCode).toBe(401);
    expect((await send("GET", `${base(id)}/${pat.id}/Scores`, ann.token)).statusCode).toBe(403);
    expect((await send("PUT", `${base(id)}/${pat.id}/Scores/1`, ann.token, scoreBody(20))).statusCode).toBe(
      403,
    );
    // A guest's pass cannot type in anyone's sheet, even their own meeting's.
    const { guestToken } = await join((await openCode(id)).code, "Gina");
    expect((await send("PUT", `${base(id)}/${pat.id}/Scores/1`, guestToken, scoreBody(20))).statusCode).toBe(
      403,
    );
    expect((await send("POST", base(id), guestToken, { firstName: "Sly" })).statusCode).toBe(403);
    // Pat is not a guest of the other meeting; nor is an unknown id.
    expect(
      (await send("PUT", `${base(other)}/${pat.id}/Scores/1`, host.token, scoreBody(20))).statusCode,
    ).toBe(404);
    expect((await send("GET", `${base(other)}/${pat.id}/Scores`, host.token)).statusCode).toBe(404);
    expect((await send("PUT", `${base(id)}/999999/Scores/1`, host.token, scoreBody(20))).statusCode).toBe(
      404,
    );
    expect((await send("PUT", `${base(id)}/${pat.id}/Scores/9`, host.token, scoreBody(20))).statusCode).toBe(
      404,
    );
    expect((await send("POST", base(999999), host.token, { firstName: "Sly" })).statusCode).toBe(404);
    expect(count("guests")).toBe(guests + 1); // Gina
    expect(count("guest_scores")).toBe(scores);
    // An admin may.
    await addGuest(id, "Ada's guest", null, admin.token);
  });

  it("scores pour by pour with the guest's own rules: the scale, closed scoring (409), read back, in the results", async () => {
    const id = await night({ pours: 2 });
    const pat = await addGuest(id, "Pat", "Ann");
    const put = (pour: number, body: unknown) =>
      send("PUT", `${base(id)}/${pat.id}/Scores/${pour}`, host.token, body);
    const saved = await put(1, { ...scoreBody(20), guess: { abv: 46 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ pour: 1, total: 80, note: "Pear", guess: { abv: 46 } });
    // A second save of the same pour replaces it.
    expect((await put(1, scoreBody(21))).statusCode).toBe(200);
    expect((await put(2, scoreBody(15))).statusCode).toBe(200);
    const scores = count("guest_scores");
    for (const body of [
      { ...scoreBody(20), nose: 26 },
      { ...scoreBody(20), palate: -1 },
      { ...scoreBody(20), finish: 2.5 },
      { nose: 1 },
      { ...scoreBody(20), tags: ["not a tag"] },
    ])
      expect((await put(1, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(count("guest_scores")).toBe(scores);
    const back = (await send("GET", `${base(id)}/${pat.id}/Scores`, host.token)).json<
      { pour: number; total: number }[]
    >();
    expect(back.map((s) => [s.pour, s.total])).toEqual([
      [1, 84],
      [2, 60],
    ]);
    expect((await send("GET", base(id), host.token)).json<Guest[]>()[0]!.scored).toBe(2);
    // Scoring closed: 409, nothing changes; the results show.
    await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, host.token, {
      capacity: null,
      blind: false,
      scoringOpen: false,
      hostMemberId: null,
    });
    const [first] = (await send("GET", `/api/MonthlyMeetings/${id}/Results`, ann.token)).json<PourResult[]>();
    expect(first!.tasters).toEqual([
      { firstName: "Pat", lastName: "", guest: true, guestOf: "Ann", total: 84 },
    ]);
    const closed = await put(1, scoreBody(5));
    expect(closed.statusCode).toBe(409);
    expect(closed.json<{ error: { message: string } }>().error.message).toBe(ServerMessages.scoringClosed);
    expect(
      (await send("GET", `${base(id)}/${pat.id}/Scores`, host.token)).json<{ total: number }[]>()[0]!.total,
    ).toBe(84);
    // Removing the guest takes the typed-in scores with them.
    expect((await send("DELETE", `${base(id)}/${pat.id}`, host.token)).statusCode).toBe(200);
    expect(count("guest_scores")).toBe(scores - 2);
  });

  it(`counts against the ${GUESTS_MAX} guests of a meeting (409, nothing stored)`, async () => {
    const id = await night({ pours: 1 });
    const { code } = await openCode(id);
    for (let i = 0; i < GUESTS_MAX - 1; i++) await join(code, `G${i}`);
    await addGuest(id, "The thirtieth");
    const before = count("guests");
    const full = await send("POST", base(id), host.token, { firstName: "One more" });
    expect(full.statusCode).toBe(409);
    expect(full.json<{ error: { message: string } }>().error.message).toBe(ServerMessages.guestsFull);
    expect(count("guests")).toBe(before);
  });

  it("is the host's entry in the activity log, withheld while the pour is hidden, never undoable", async () => {
    const id = await night({ pours: 1, blind: true });
    const pat = await addGuest(id, "Pat");
    const res = await send("PUT", `${base(id)}/${pat.id}/Scores/1`, host.token, scoreBody(20));
    expect(res.statusCode).toBe(200);
    // The answer says "pour 1", never the hidden bottle.
    expect(res.body).not.toContain(`Cask ${id}-0`);
    const log = async (token: string) =>
      (await send("GET", "/api/Activity?limit=200", token)).json<LogEntry[]>();
    const mine = (await log(host.token)).filter(
      (e) => e.action.startsWith("guests.") && e.entity !== "guestCode",
    );
    const typed = mine.find((e) => e.action === "guests.setScore");
    const added = mine.find((e) => e.action === "guests.add");
    expect(typed).toMatchObject({ entity: "guestScore", undoable: false, member: expect.anything() });
    expect(added).toMatchObject({ entity: "guest", entityId: String(pat.id), undoable: false });
    // A member does not see where a hidden pour's scores went.
    const bottleId = (await t.caller(host.user).night.flight({ id }))[0]!.bottle!.id;
    expect(typed!.entityId).toBe(`${id}:${bottleId}:${pat.id}`);
    const annLog = JSON.stringify(await log(ann.token));
    expect(annLog).not.toContain(`${id}:${bottleId}:`);
    expect(annLog).not.toContain(`"bottleId":${bottleId}`);
  });
});
