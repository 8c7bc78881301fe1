import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages, type FlightPour } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";

/** "Copy the flight of a past meeting" in the flight editor, over REST. */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let host: M;
let other: M;
let ann: M;
let themeId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  host = await t.member();
  other = await t.member();
  ann = await t.member();
  themeId = (await t.caller(host.user).themes.create({ description: "Copied nights" })).id;
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
const copy = (id: number, body: unknown, token = host.token) =>
  send("POST", `/api/MonthlyMeetings/${id}/Flight/Copy`, token, body);
const flightOf = async (id: number, token = host.token) =>
  (await send("GET", `/api/MonthlyMeetings/${id}/Flight`, token)).json<FlightPour[]>();
const names = async (id: number) => (await flightOf(id)).map((p) => `${p.bottle?.name}:${p.pourMl}`);
const count = (table: string) =>
  (t.app.deps.db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** A meeting of `who` with these bottles poured, in order (each pour 25 ml, or as given). */
async function meetingWith(who: M, date: string, pours: [string, number?][], blind = false) {
  const caller = t.caller(who.user);
  const { id } = await caller.meetings.create({ date, hostName: "Host", themeId });
  const flight = [];
  for (const [name, ml] of pours) {
    const existing = (await caller.bottles.options()).find((b) => b.name === name);
    flight.push({
      bottleId: existing?.id ?? (await caller.bottles.create({ name, abv: 46 })).id,
      pourMl: ml ?? 25,
    });
  }
  await caller.night.setFlight({ id, pours: flight });
  if (blind)
    await caller.night.settings({ id, capacity: null, blind: true, scoringOpen: true, hostMemberId: null });
  return id;
}

describe("copy the flight of a past meeting", () => {
  it("replaces the flight with the other's pours, in order with their sizes, or appends those not in it", async () => {
    const past = await meetingWith(host, "2001-05-05", [
      ["Ardbeg Ten", 30],
      ["Bowmore 12"],
      ["Caol Ila 12", 20],
    ]);
    const id = await meetingWith(host, "2999-05-05", [["Bowmore 12", 35], ["Dalwhinnie 15"]]);
    const appended = await copy(id, { fromMeetingId: past, mode: "append" });
    expect(appended.statusCode, appended.body).toBe(200);
    expect(appended.json()).toEqual({ pours: 4, copied: 2 });
    // Bowmore stays where it was, with its size; the others follow in the past meeting's order.
    expect(await names(id)).toEqual(["Bowmore 12:35", "Dalwhinnie 15:25", "Ardbeg Ten:30", "Caol Ila 12:20"]);
    const replaced = await copy(id, { fromMeetingId: past, mode: "replace" });
    expect(replaced.json()).toEqual({ pours: 3, copied: 3 });
    expect(await names(id)).toEqual(["Ardbeg Ten:30", "Bowmore 12:25", "Caol Ila 12:20"]);
    // Append is the default; nothing new to add is no change.
    const again = await copy(id, { fromMeetingId: past });
    expect(again.json()).toEqual({ pours: 3, copied: 0 });
    expect(await names(past)).toEqual(["Ardbeg Ten:30", "Bowmore 12:25", "Caol Ila 12:20"]);
  });

  it("is logged pour by pour, and each pour's entry can be undone", async () => {
    const past = await meetingWith(host, "2001-06-06", [["Glenfarclas 15"], ["Highland Park 12"]]);
    const id = await meetingWith(host, "2999-06-06", []);
    expect((await copy(id, { fromMeetingId: past })).statusCode).toBe(200);
    const log = (await send("GET", `/api/Activity?mine=true&entity=meetingBottle&limit=10`, host.token)).json<
      { id: number; action: string; entityId: string; undoable: boolean }[]
    >();
    const copied = log.filter((e) => e.action === "night.copyFlight" && e.entityId.startsWith(`${id}:`));
    expect(copied).toHaveLength(2);
    expect(copied.every((e) => e.undoable)).toBe(true);
    const undo = await send("POST", `/api/Activity/${copied[0]!.id}/Undo`, host.token);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await flightOf(id)).toHaveLength(1);
  });

  it("the host or an admin only; bad input is a 400 and conflicts a 409, changing nothing", async () => {
    const past = await meetingWith(host, "2001-07-07", [["Jura 10"]]);
    const id = await meetingWith(host, "2999-07-07", [["Kilchoman Machir Bay"]]);
    const empty = await meetingWith(host, "2001-07-08", []);
    // 30 pours: with this flight's one, more than a flight takes.
    const big = await meetingWith(
      host,
      "2001-07-09",
      Array.from({ length: 30 }, (_, i): [string] => [`Cask ${i}`]),
    );
    const rows = count("meeting_bottles");
    const entries = count("activity");
    expect((await copy(id, { fromMeetingId: past }, ann.token)).statusCode).toBe(403);
    expect(
      (await send("POST", `/api/MonthlyMeetings/${id}/Flight/Copy`, undefined, { fromMeetingId: past }))
        .statusCode,
    ).toBe(401);
    for (const body of [
      {},
      { fromMeetingId: "x" },
      { fromMeetingId: 0 },
      { fromMeetingId: 1.5 },
      { fromMeetingId: past, mode: "merge" },
    ])
      expect((await copy(id, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await copy(id, { fromMeetingId: 999999 })).statusCode).toBe(404);
    expect((await copy(999999, { fromMeetingId: past })).statusCode).toBe(404);
    const same = await copy(id, { fromMeetingId: id });
    expect(same.statusCode).toBe(409);
    expect(same.json<{ error: { message: string } }>().error.message).toBe(ServerMessages.flightCopySame);
    const none = await copy(id, { fromMeetingId: empty });
    expect(none.statusCode).toBe(409);
    expect(none.json<{ error: { message: string } }>().error.message).toBe(ServerMessages.flightCopyEmpty);
    const tooMany = await copy(id, { fromMeetingId: big, mode: "append" });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ error: { message: string } }>().error.message).toBe(
      ServerMessages.flightCopyTooMany,
    );
    expect(count("meeting_bottles")).toBe(rows);
    expect(count("activity")).toBe(entries);
    expect(await names(id)).toEqual(["Kilchoman Machir Bay:25"]);
  });

  it("a blind flight not revealed yet is its host's secret: another host cannot copy it (409)", async () => {
    const secret = await meetingWith(other, "2001-08-08", [["Secret Cask 21"]], true);
    const id = await meetingWith(host, "2999-08-08", []);
    const refused = await copy(id, { fromMeetingId: secret });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).not.toContain("Secret Cask 21");
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      ServerMessages.flightCopyHidden,
    );
    expect(await flightOf(id)).toEqual([]);
    // Its own host may; once revealed, anyone hosting a night may.
    const own = await meetingWith(other, "2999-08-09", []);
    expect((await copy(own, { fromMeetingId: secret }, other.token)).statusCode).toBe(200);
    await send("POST", `/api/MonthlyMeetings/${secret}/Reveal`, other.token, {});
    expect((await copy(id, { fromMeetingId: secret })).statusCode).toBe(200);
    expect(await names(id)).toEqual(["Secret Cask 21:25"]);
  });
});
