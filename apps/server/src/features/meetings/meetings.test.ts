import { TRPCError } from "@trpc/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bottles, meetingBottles, meetings, themes } from "@club/db";
import { ServerMessages } from "@club/shared";
import type { AuthUser } from "../../kernel/context";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let user: AuthUser;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  ({ user, token } = await t.member());
});
afterEach(() => t.close());

const LIST = "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames";
const POST = "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames";
const ADD = "/api/MonthlyMeetings/AddBottleToMeeting";

const count = (table: string) =>
  (t.app.deps.db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const theme = (description: string) =>
  t.app.deps.db.insert(themes).values({ description }).returning({ id: themes.id }).get().id;
const bottle = (name: string) =>
  t.app.deps.db.insert(bottles).values({ name, abv: 45 }).returning({ id: bottles.id }).get().id;
const meeting = (date: string, hostName: string, themeId: number) =>
  t.app.deps.db.insert(meetings).values({ date, hostName, themeId }).returning({ id: meetings.id }).get().id;

/** Sends a write and asserts it was refused with `status` and that no table changed. */
async function expectRefused(
  opts: { url: string; payload?: unknown; body?: string; token?: string | undefined },
  status: number,
  message?: string,
) {
  const before = { meetings: count("meetings"), links: count("meeting_bottles"), themes: count("themes") };
  const res = await t.request({
    method: "POST",
    url: opts.url,
    token: opts.token,
    ...(opts.body !== undefined
      ? { body: opts.body, headers: { "content-type": "application/json" } }
      : { payload: opts.payload as object }),
  });
  expect(res.statusCode).toBe(status);
  const body = res.json<{ error: { code: string; message: string } }>();
  expect(typeof body.error.code).toBe("string");
  if (message) expect(body.error.message).toBe(message);
  expect({ meetings: count("meetings"), links: count("meeting_bottles"), themes: count("themes") }).toEqual(
    before,
  );
  return body;
}

describe("GET /api/MonthlyMeetings/GetMonthlyMeetingsWithNames", () => {
  it("answers [] when there are no meetings", async () => {
    const res = await t.request({ method: "GET", url: LIST });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("lists {id, date, theme, host}, newest date first, for visitors", async () => {
    const islay = theme("Islay Peat Monsters");
    const bourbon = theme("Bourbon Basics");
    const a = meeting("2025-01-10", "Mike Donnelly", bourbon);
    const b = meeting("2025-03-14", "Sarah Chen", islay);
    const c = meeting("2025-02-14", "Dave Kowalski", bourbon);
    const res = await t.request({ method: "GET", url: LIST });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: b, date: "2025-03-14", theme: "Islay Peat Monsters", host: "Sarah Chen" },
      { id: c, date: "2025-02-14", theme: "Bourbon Basics", host: "Dave Kowalski" },
      { id: a, date: "2025-01-10", theme: "Bourbon Basics", host: "Mike Donnelly" },
    ]);
  });

  it("is the same data as tRPC meetings.list, over HTTP too", async () => {
    const id = theme("Rye Revival");
    meeting("2025-04-11", "Priya Patel", id);
    meeting("2025-05-09", "Tom Brennan", id);
    const rest = (await t.request({ method: "GET", url: LIST })).json();
    expect(await t.caller(null).meetings.list()).toEqual(rest);
    const http = await t.request({ method: "GET", url: "/trpc/meetings.list" });
    expect(http.statusCode).toBe(200);
    expect(http.json().result.data).toEqual(rest);
  });
});

describe("POST /api/MonthlyMeetings/PostMonthlyMeetingsWithNames", () => {
  it("creates a meeting: 201 {id}, then it shows in the list and the detail", async () => {
    const themeId = theme("Japanese Whisky Night");
    const res = await t.request({
      method: "POST",
      url: POST,
      token,
      payload: { date: "2025-06-13", hostName: "  Priya Patel ", themeId },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number }>();
    expect(body).toEqual({ id: expect.any(Number) });
    expect((await t.request({ method: "GET", url: LIST })).json()).toEqual([
      { id: body.id, date: "2025-06-13", theme: "Japanese Whisky Night", host: "Priya Patel" },
    ]);
    expect((await t.request({ method: "GET", url: `/api/MonthlyMeetings/${body.id}` })).json()).toEqual({
      id: body.id,
      date: "2025-06-13",
      hostName: "Priya Patel",
      theme: { id: themeId, description: "Japanese Whisky Night" },
      bottlesSampled: [],
      createdBy: user.id,
    });
  });

  it("accepts a full ISO timestamp and keeps the calendar date", async () => {
    const themeId = theme("Bourbon Basics");
    const res = await t.request({
      method: "POST",
      url: POST,
      token,
      payload: { date: "2025-07-11T00:00:00.000Z", hostName: "Mike", themeId },
    });
    expect(res.statusCode).toBe(201);
    expect(t.app.deps.db.select().from(meetings).get()?.date).toBe("2025-07-11");
  });

  it("requires a valid bearer token: 401 and nothing stored", async () => {
    const themeId = theme("Bourbon Basics");
    const payload = { date: "2025-06-13", hostName: "Mike", themeId };
    const none = await expectRefused({ url: POST, payload }, 401, ServerMessages.unauthorized);
    expect(none.error.code).toBe("UNAUTHORIZED");
    await expectRefused({ url: POST, payload, token: "not-a-jwt" }, 401);
  });

  it.each([
    ["a blank hostName", { date: "2025-06-13", hostName: "   " }],
    ["an empty hostName", { date: "2025-06-13", hostName: "" }],
    ["a hostName that is too long", { date: "2025-06-13", hostName: "x".repeat(201) }],
    ["a date that is not a date", { date: "next friday", hostName: "Mike" }],
    ["an impossible date", { date: "2025-02-30", hostName: "Mike" }],
    ["a date in another format", { date: "06/13/2025", hostName: "Mike" }],
    ["a numeric date", { date: 20250613, hostName: "Mike" }],
    ["themeId as a string", { date: "2025-06-13", hostName: "Mike", themeId: "THEME" }],
    ["themeId as a numeric string", { date: "2025-06-13", hostName: "Mike", themeId: "1" }],
    ["themeId 0", { date: "2025-06-13", hostName: "Mike", themeId: 0 }],
    ["a fractional themeId", { date: "2025-06-13", hostName: "Mike", themeId: 1.5 }],
    ["a missing date", { hostName: "Mike" }],
    ["a missing hostName", { date: "2025-06-13" }],
    ["a missing themeId", { date: "2025-06-13", hostName: "Mike", themeId: undefined }],
    ["a null hostName", { date: "2025-06-13", hostName: null }],
  ])("refuses %s with 400 and changes nothing", async (_label, fields) => {
    const themeId = theme("Bourbon Basics");
    const body = await expectRefused(
      { url: POST, payload: { themeId, ...fields }, token },
      400,
      ServerMessages.validation,
    );
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body).toHaveProperty("error.issues");
  });

  it.each([
    ["malformed JSON", '{"date": "2025-06-13", "hostName": '],
    ["an empty JSON body", ""],
    ["a JSON array", "[]"],
    ["a JSON string", '"meeting"'],
  ])("refuses %s with 400 and changes nothing", async (_label, raw) => {
    await expectRefused({ url: POST, body: raw, token }, 400);
  });

  it("answers 404 for an unknown themeId, not a foreign-key error", async () => {
    await expectRefused(
      { url: POST, payload: { date: "2025-06-13", hostName: "Mike", themeId: 4242 }, token },
      404,
      ServerMessages.themeNotFound,
    );
  });

  it("tRPC meetings.create behaves the same", async () => {
    const themeId = theme("Bourbon Basics");
    const input = { date: "2025-08-08", hostName: "Linda Okafor", themeId };
    await expect(t.caller(null).meetings.create(input)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(t.caller(user).meetings.create({ ...input, themeId: 999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: ServerMessages.themeNotFound,
    });
    await expect(t.caller(user).meetings.create({ ...input, hostName: " " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(count("meetings")).toBe(0);
    const created = await t.caller(user).meetings.create(input);
    expect(created).toEqual({ id: expect.any(Number) });
    const rest = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${created.id}` });
    expect(rest.json()).toMatchObject({ date: "2025-08-08", hostName: "Linda Okafor" });
  });
});

describe("GET /api/MonthlyMeetings/{id}", () => {
  it("answers the detail with the bottles sampled sorted by name", async () => {
    const themeId = theme("Islay Peat Monsters");
    const id = meeting("2025-03-14", "Sarah Chen", themeId);
    const other = meeting("2025-04-11", "Dave", themeId);
    const lagavulin = bottle("Lagavulin 16");
    const ardbeg = bottle("ardbeg Uigeadail");
    const laphroaig = bottle("Laphroaig 10");
    const elsewhere = bottle("Buffalo Trace");
    t.app.deps.db
      .insert(meetingBottles)
      .values([
        { meetingId: id, bottleId: lagavulin },
        { meetingId: id, bottleId: laphroaig },
        { meetingId: id, bottleId: ardbeg },
        { meetingId: other, bottleId: elsewhere },
      ])
      .run();
    const res = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      date: "2025-03-14",
      hostName: "Sarah Chen",
      theme: { id: themeId, description: "Islay Peat Monsters" },
      bottlesSampled: [
        { id: ardbeg, name: "ardbeg Uigeadail" },
        { id: lagavulin, name: "Lagavulin 16" },
        { id: laphroaig, name: "Laphroaig 10" },
      ],
      createdBy: null,
    });
    expect(await t.caller(null).meetings.byId({ id })).toEqual(res.json());
  });

  it("answers 404 for an unknown id, on REST and tRPC", async () => {
    const res = await t.request({ method: "GET", url: "/api/MonthlyMeetings/9999" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: ServerMessages.meetingNotFound } });
    const error = await t
      .caller(null)
      .meetings.byId({ id: 9999 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code: "NOT_FOUND", message: ServerMessages.meetingNotFound });
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999"])("answers 400 for the id %s", async (id) => {
    const res = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
  });

  it("does not clash with the named routes", async () => {
    const list = await t.request({ method: "GET", url: LIST });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    // A GET on a POST-only named route is treated as an id, which is not valid.
    const get = await t.request({ method: "GET", url: POST });
    expect(get.statusCode).toBe(400);
  });
});

describe("POST /api/MonthlyMeetings/AddBottleToMeeting", () => {
  let meetingId: number;
  let bottleId: number;
  beforeEach(() => {
    meetingId = meeting("2025-03-14", "Sarah Chen", theme("Islay Peat Monsters"));
    bottleId = bottle("Lagavulin 16");
  });

  it("adds the bottle: 200 {ok: true}, then the detail lists it", async () => {
    const res = await t.request({ method: "POST", url: ADD, token, payload: { meetingId, bottleId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const detail = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${meetingId}` });
    expect(detail.json().bottlesSampled).toEqual([{ id: bottleId, name: "Lagavulin 16" }]);
  });

  it("requires a bearer token, even though the floor's client sends none", async () => {
    await expectRefused({ url: ADD, payload: { meetingId, bottleId } }, 401, ServerMessages.unauthorized);
    await expectRefused({ url: ADD, payload: { meetingId, bottleId }, token: `${token}x` }, 401);
  });

  it("answers 409 when the bottle is already in the meeting", async () => {
    await t.request({ method: "POST", url: ADD, token, payload: { meetingId, bottleId } });
    const body = await expectRefused(
      { url: ADD, payload: { meetingId, bottleId }, token },
      409,
      ServerMessages.bottleAlreadyInMeeting,
    );
    expect(body.error.code).toBe("CONFLICT");
  });

  it("answers 404 for an unknown meeting or bottle", async () => {
    await expectRefused(
      { url: ADD, payload: { meetingId: 999, bottleId }, token },
      404,
      ServerMessages.meetingNotFound,
    );
    await expectRefused(
      { url: ADD, payload: { meetingId, bottleId: 999 }, token },
      404,
      ServerMessages.bottleNotFound,
    );
  });

  it.each([
    ["missing bottleId", () => ({ meetingId })],
    ["missing meetingId", () => ({ bottleId })],
    ["string ids", () => ({ meetingId: String(meetingId), bottleId: String(bottleId) })],
    ["negative ids", () => ({ meetingId: -meetingId, bottleId })],
    ["null bottleId", () => ({ meetingId, bottleId: null })],
  ])("refuses %s with 400", async (_label, payload) => {
    await expectRefused({ url: ADD, payload: payload(), token }, 400, ServerMessages.validation);
  });

  it("refuses malformed JSON with 400", async () => {
    await expectRefused({ url: ADD, body: "{meetingId: 1", token }, 400, ServerMessages.malformedJson);
  });

  it("tRPC meetings.addBottle behaves the same", async () => {
    await expect(t.caller(null).meetings.addBottle({ meetingId, bottleId })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await t.caller(user).meetings.addBottle({ meetingId, bottleId })).toEqual({ ok: true });
    await expect(t.caller(user).meetings.addBottle({ meetingId, bottleId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: ServerMessages.bottleAlreadyInMeeting,
    });
    await expect(t.caller(user).meetings.addBottle({ meetingId: 999, bottleId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(count("meeting_bottles")).toBe(1);
  });
});

describe("the meeting's one list of bottles is its flight", () => {
  const detailOf = async (id: number) =>
    (await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}` })).json<{
      bottlesSampled: { id: number; name: string }[];
    }>().bottlesSampled;
  const flightOf = async (id: number) =>
    (await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}/Flight`, token })).json<
      { pour: number; label: string; bottle: { id: number } | null }[]
    >();

  it("AddBottleToMeeting pours at the end of the flight; bottlesSampled lists the flight in its order", async () => {
    const id = meeting("2025-05-09", "Sarah Chen", theme("Flight order"));
    const [zeta, alpha, mid] = [bottle("Zeta Rye"), bottle("Alpha Malt"), bottle("Mid Bourbon")];
    for (const bottleId of [zeta, alpha, mid]) {
      const res = await t.request({ method: "POST", url: ADD, token, payload: { meetingId: id, bottleId } });
      expect(res.statusCode).toBe(200);
    }
    expect((await flightOf(id)).map((p) => [p.pour, p.bottle?.id])).toEqual([
      [1, zeta],
      [2, alpha],
      [3, mid],
    ]);
    // Not by name: the order the meeting pours them.
    expect(await detailOf(id)).toEqual([
      { id: zeta, name: "Zeta Rye" },
      { id: alpha, name: "Alpha Malt" },
      { id: mid, name: "Mid Bourbon" },
    ]);
    expect(await t.caller(null).meetings.byId({ id })).toMatchObject({
      bottlesSampled: [{ id: zeta }, { id: alpha }, { id: mid }],
    });
  });

  it("a hidden blind pour stays out of bottlesSampled until revealed, then takes its place", async () => {
    const id = meeting("2025-06-13", "Sarah Chen", theme("Blind order"));
    const [first, second, third] = [bottle("First Pour"), bottle("Second Pour"), bottle("Third Pour")];
    t.app.deps.db
      .insert(meetingBottles)
      .values([
        { meetingId: id, bottleId: first, position: 1, revealedAt: "2025-06-13T20:00:00.000Z" },
        { meetingId: id, bottleId: second, position: 2 },
        { meetingId: id, bottleId: third, position: 3, revealedAt: "2025-06-13T20:10:00.000Z" },
      ])
      .run();
    t.app.deps.db.$client.prepare("UPDATE meetings SET blind = 1 WHERE id = ?").run(id);
    expect(await detailOf(id)).toEqual([
      { id: first, name: "First Pour" },
      { id: third, name: "Third Pour" },
    ]);
    const json = (await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}` })).body;
    expect(json).not.toContain("Second Pour");
    t.app.deps.db.$client
      .prepare("UPDATE meeting_bottles SET revealed_at = ? WHERE meeting_id = ? AND bottle_id = ?")
      .run("2025-06-13T20:20:00.000Z", id, second);
    expect((await detailOf(id)).map((b) => b.id)).toEqual([first, second, third]);
  });

  it("open meeting pages hear of a bottle added or taken out (the live stream's flight event)", async () => {
    const id = meeting("2025-07-11", "Sarah Chen", theme("Live list"));
    const bottleId = bottle("Live Dram");
    const heard: string[] = [];
    const controller = new AbortController();
    const listening = (async () => {
      for await (const event of t.app.deps.events.listen(id, controller.signal)) heard.push(event.kind);
    })().catch(() => undefined);
    expect(
      (await t.request({ method: "POST", url: ADD, token, payload: { meetingId: id, bottleId } })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: "DELETE", url: `/api/MonthlyMeetings/${id}/Bottles/${bottleId}`, token }))
        .statusCode,
    ).toBe(200);
    await expect.poll(() => heard).toEqual(["flight", "flight"]);
    controller.abort();
    await listening;
  });
});
