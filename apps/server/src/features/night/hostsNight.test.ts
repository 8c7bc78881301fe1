import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "@club/db";
import { eq } from "drizzle-orm";
import type { PourResult } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * A host's night, on the server: one host (a member named as host runs the night), results that
 * follow the secrecy of the night for every reader and format, dram numbers that never change once
 * scoring has started, and a reveal the host can take back.
 */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let creator: M;
let rita: M;
let sam: M;
let themeId: number;

beforeAll(async () => {
  t = await createTestApp();
  creator = await t.member();
  rita = await t.member("rita@example.com");
  sam = await t.member("sam@example.com");
  t.app.deps.db
    .update(members)
    .set({ firstName: "Rita", lastName: "Host" })
    .where(eq(members.id, rita.user.id))
    .run();
  t.app.deps.db
    .update(members)
    .set({ firstName: "Sam", lastName: "Taster" })
    .where(eq(members.id, sam.user.id))
    .run();
  themeId = (await t.caller(creator.user).themes.create({ description: "The host's night" })).id;
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

async function addMeeting(hostName: string, date = "2999-05-14"): Promise<number> {
  const res = await send("POST", "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", creator.token, {
    date,
    hostName,
    themeId,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

async function bottle(name: string) {
  return (await t.caller(creator.user).bottles.create({ name, abv: 46 })).id;
}

const parts = (n: number) => ({ nose: n, palate: n, finish: n, balance: n });

describe("one host", () => {
  it("a hostName that is a member's full name makes that member the host, who runs the night", async () => {
    const id = await addMeeting("  rita host ");
    const night = await send("GET", `/api/MonthlyMeetings/${id}/Night`, rita.token);
    expect(night.json()).toMatchObject({ hostMemberId: rita.user.id, isHost: true });
    expect((await send("GET", `/api/MonthlyMeetings/${id}`)).json().hostName).toBe("Rita Host");
    const list = (await send("GET", "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames")).json<
      { id: number; host: string }[]
    >();
    expect(list.find((m) => m.id === id)?.host).toBe("Rita Host");
    // She has the flight, the settings, the phases and the reveal.
    const b = await bottle("Rita's Pick");
    expect(
      (await send("PUT", `/api/MonthlyMeetings/${id}/Flight`, rita.token, { pours: [{ bottleId: b }] }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, rita.token, {
          capacity: null,
          blind: true,
          scoringOpen: true,
          hostMemberId: rita.user.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await send("PUT", `/api/MonthlyMeetings/${id}/Phase`, rita.token, { pour: 1, phase: "nose" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send("POST", `/api/MonthlyMeetings/${id}/Reveal`, rita.token, { pour: 1 })).statusCode,
    ).toBe(200);
    // Another member does not.
    expect((await send("POST", `/api/MonthlyMeetings/${id}/Reveal`, sam.token, {})).statusCode).toBe(403);
  });

  it("a name that matches no member stays a guest host; changing the host anywhere changes it everywhere", async () => {
    const id = await addMeeting("Uncle Fergus");
    expect((await send("GET", `/api/MonthlyMeetings/${id}`)).json().hostName).toBe("Uncle Fergus");
    expect((await send("GET", `/api/MonthlyMeetings/${id}/Night`, creator.token)).json()).toMatchObject({
      hostMemberId: null,
      host: null,
    });
    // The night's settings name Sam: the meeting's host is Sam, on the meeting and in the list.
    await t.caller(creator.user).night.settings({
      id,
      capacity: null,
      blind: false,
      scoringOpen: true,
      hostMemberId: sam.user.id,
    });
    const samRow = t.app.deps.db.select().from(members).where(eq(members.id, sam.user.id)).get()!;
    expect((await send("GET", `/api/MonthlyMeetings/${id}`)).json().hostName).toBe(
      `${samRow.firstName} ${samRow.lastName}`,
    );
    // Editing the meeting to name Rita makes her the night's host.
    const put = await send("PUT", `/api/MonthlyMeetings/${id}`, creator.token, {
      date: "2999-05-14",
      hostName: "Rita Host",
      themeId,
    });
    expect(put.statusCode).toBe(200);
    expect((await send("GET", `/api/MonthlyMeetings/${id}/Night`, rita.token)).json()).toMatchObject({
      hostMemberId: rita.user.id,
      isHost: true,
    });
    // A renamed host is renamed on the meeting too: the name is read from the member.
    t.app.deps.db.update(members).set({ lastName: "Hostess" }).where(eq(members.id, rita.user.id)).run();
    expect((await t.caller(null).meetings.byId({ id })).hostName).toBe("Rita Hostess");
    t.app.deps.db.update(members).set({ lastName: "Host" }).where(eq(members.id, rita.user.id)).run();
  });
});

describe("results follow the secrecy of the night", () => {
  async function scoredNight(blind: boolean) {
    const id = await addMeeting("Rita Host", "2999-06-11");
    const b1 = await bottle(`First ${blind}`);
    const b2 = await bottle(`Second ${blind}`);
    const host = t.caller(rita.user);
    await host.night.setFlight({
      id,
      pours: [
        { bottleId: b1, pourMl: 25 },
        { bottleId: b2, pourMl: 25 },
      ],
    });
    await host.night.settings({ id, capacity: null, blind, scoringOpen: true, hostMemberId: rita.user.id });
    await t
      .caller(sam.user)
      .night.score({ id, pour: 1, ...parts(20), note: "Sam's secret note", tags: ["fruity"] });
    await t.caller(creator.user).night.score({ id, pour: 1, ...parts(10), note: "", tags: [] });
    const { code } = await host.guests.openCode({ id });
    const guest = await t.caller(null).guests.join({ code, firstName: "Gwen" });
    await send("PUT", `/api/MonthlyMeetings/${id}/Scores/2`, guest.guestToken, { ...parts(20) });
    return { id, b1, b2, guest };
  }

  const figures = (r: PourResult) => [
    r.average,
    r.median,
    r.min,
    r.max,
    r.rank,
    r.parts.nose,
    r.tasters,
    r.trimmedAverage,
  ];
  /** The room's palate of a pour: its notes, tags and consensus (empty until its results show). */
  const palate = (r: PourResult | undefined) => ({ notes: r?.notes, tags: r?.tags, consensus: r?.consensus });
  const NO_PALATE = { notes: [], tags: [], consensus: [] };

  it("a blind night's results reach nobody before the reveal: members, the host, guests, visitors, CSV", async () => {
    const { id, b1, guest } = await scoredNight(true);
    for (const token of [sam.token, rita.token, guest.guestToken, undefined]) {
      const results = (await send("GET", `/api/MonthlyMeetings/${id}/Results`, token)).json<PourResult[]>();
      expect(results.map((r) => r.shown)).toEqual([false, false]);
      expect(results.map((r) => r.count)).toEqual([2, 1]);
      for (const r of results) expect(figures(r).every((f) => f === null)).toBe(true);
      for (const r of results) expect(palate(r)).toEqual(NO_PALATE);
    }
    // The CSV: the caller's own rows only, the host's too.
    const csvOf = async (token: string) =>
      (await send("GET", `/api/MonthlyMeetings/${id}/Results.csv`, token)).body;
    expect(await csvOf(sam.token)).toContain("Sam's secret note");
    expect(await csvOf(rita.token)).not.toContain("Sam's secret note");
    expect(await csvOf(creator.token)).not.toContain("Sam's secret note");
    // The club score and the bottle's "Poured at" move only with the results.
    expect((await t.caller(null).night.clubScores()).some((s) => s.bottleId === b1)).toBe(false);

    await t.caller(rita.user).night.reveal({ id, pour: 1 });
    const one = (await send("GET", `/api/MonthlyMeetings/${id}/Results`)).json<PourResult[]>();
    expect(one.map((r) => r.shown)).toEqual([true, false]);
    expect(one[0]).toMatchObject({ average: 60, min: 40, max: 80, count: 2, rank: null });
    expect(one[1]?.average).toBeNull();
    expect(palate(one[1])).toEqual(NO_PALATE);
    // The revealed pour's palate: tags as counts for everyone, notes by name for members only.
    expect(palate(one[0])).toEqual({ notes: [], tags: [{ tag: "fruity", count: 1 }], consensus: [] });
    const asMember = (await send("GET", `/api/MonthlyMeetings/${id}/Results`, creator.token)).json<
      PourResult[]
    >();
    expect(asMember[0]?.notes).toEqual([{ by: "Sam Taster", text: "Sam's secret note", guest: false }]);
    expect(await csvOf(creator.token)).toContain("Sam's secret note");

    await t.caller(rita.user).night.reveal({ id });
    const all = (await send("GET", `/api/MonthlyMeetings/${id}/Results`)).json<PourResult[]>();
    expect(all.map((r) => [r.shown, r.average, r.rank])).toEqual([
      [true, 60, 2],
      [true, 80, 1],
    ]);
    expect((await t.caller(null).night.clubScores()).some((s) => s.bottleId === b1)).toBe(true);
  });

  it("an open night's results wait until scoring closes, unless the host chose live results", async () => {
    const { id, b1 } = await scoredNight(false);
    const shown = async () =>
      (await send("GET", `/api/MonthlyMeetings/${id}/Results`, sam.token))
        .json<PourResult[]>()
        .map((r) => r.shown && r.average !== null);
    expect(await shown()).toEqual([false, false]);
    const palates = async () =>
      (await send("GET", `/api/MonthlyMeetings/${id}/Results`, sam.token)).json<PourResult[]>().map(palate);
    expect(await palates()).toEqual([NO_PALATE, NO_PALATE]);
    expect((await t.caller(null).night.bottlePours({ id: b1 }))[0]).toMatchObject({
      average: null,
      count: 2,
    });
    const settings = { id, capacity: null, blind: false, hostMemberId: rita.user.id };
    await t.caller(rita.user).night.settings({ ...settings, scoringOpen: true, liveResults: true });
    expect(await shown()).toEqual([true, true]);
    expect((await send("GET", `/api/MonthlyMeetings/${id}/Night`)).json().liveResults).toBe(true);
    await t.caller(rita.user).night.settings({ ...settings, scoringOpen: true, liveResults: false });
    expect(await shown()).toEqual([false, false]);
    expect(await palates()).toEqual([NO_PALATE, NO_PALATE]);
    await t.caller(rita.user).night.settings({ ...settings, scoringOpen: false });
    expect(await shown()).toEqual([true, true]);
    expect((await palates())[0]?.notes).toEqual([
      { by: "Sam Taster", text: "Sam's secret note", guest: false },
    ]);
    expect((await t.caller(null).night.bottlePours({ id: b1 }))[0]).toMatchObject({ average: 60, count: 2 });
  });
});

describe("dram numbers never change once scoring has started", () => {
  it("a scored pour taken out leaves its number; the others keep theirs; a reorder is refused", async () => {
    const id = await addMeeting("Rita Host", "2999-07-09");
    const [a, b, c, d] = [
      await bottle("Pour A"),
      await bottle("Pour B"),
      await bottle("Pour C"),
      await bottle("Pour D"),
    ];
    const host = t.caller(rita.user);
    const pour = (bottleId: number) => ({ bottleId, pourMl: 25 });
    await host.night.setFlight({ id, pours: [pour(a), pour(b), pour(c)] });
    await host.night.settings({
      id,
      capacity: null,
      blind: true,
      scoringOpen: true,
      hostMemberId: rita.user.id,
    });
    // Before anyone scores, the flight is renumbered as the host orders it.
    await host.night.setFlight({ id, pours: [pour(b), pour(a), pour(c)] });
    await host.night.setFlight({ id, pours: [pour(a), pour(b), pour(c)] });
    await t.caller(sam.user).night.score({ id, pour: 3, ...parts(18), note: "", tags: [] });

    const reorder = await send("PUT", `/api/MonthlyMeetings/${id}/Flight`, rita.token, {
      pours: [pour(b), pour(a), pour(c)],
    });
    expect(reorder.statusCode).toBe(409);
    expect(reorder.json().error.code).toBe("DRAM_NUMBERS_FIXED");

    await host.night.setFlight({ id, pours: [pour(a), pour(c), pour(d)] });
    const flight = await host.night.flight({ id });
    expect(flight.map((p) => [p.label, p.bottle?.id])).toEqual([
      ["Dram 1", a],
      ["Dram 3", c],
      ["Dram 4", d],
    ]);
    // Sam's score of Dram 3 is still his Dram 3.
    expect((await t.caller(sam.user).night.myScores({ id })).map((s) => s.pour)).toEqual([3]);
    expect((await send("PUT", `/api/MonthlyMeetings/${id}/Scores/2`, sam.token, parts(5))).statusCode).toBe(
      404,
    );
  });

  it("the host hides a revealed pour again", async () => {
    const id = await addMeeting("Rita Host", "2999-08-13");
    const b = await bottle("Shown By Mistake");
    const host = t.caller(rita.user);
    await host.night.setFlight({ id, pours: [{ bottleId: b, pourMl: 25 }] });
    await host.night.settings({
      id,
      capacity: null,
      blind: true,
      scoringOpen: true,
      hostMemberId: rita.user.id,
    });
    expect((await send("POST", `/api/MonthlyMeetings/${id}/Hide`, rita.token, { pour: 1 })).statusCode).toBe(
      409,
    );
    await host.night.reveal({ id, pour: 1 });
    expect((await t.caller(sam.user).night.flight({ id }))[0]?.bottle?.id).toBe(b);
    expect((await send("POST", `/api/MonthlyMeetings/${id}/Hide`, sam.token, { pour: 1 })).statusCode).toBe(
      403,
    );
    expect((await send("POST", `/api/MonthlyMeetings/${id}/Hide`, rita.token, { pour: 1 })).statusCode).toBe(
      200,
    );
    expect((await t.caller(sam.user).night.flight({ id }))[0]).toMatchObject({
      bottle: null,
      revealed: false,
    });
    expect((await send("POST", `/api/MonthlyMeetings/${id}/Hide`, rita.token, { pour: 9 })).statusCode).toBe(
      404,
    );
  });
});
