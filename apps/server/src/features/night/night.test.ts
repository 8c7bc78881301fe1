import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages, type FlightPour, type PourResult } from "@club/shared";
import { createTestApp, startSmtpSink, type SmtpSink, type TestApp } from "../../../test/helpers";
import { placesOf } from "./rsvp";

/** RSVP with a waitlist, the flight, scores, blind tastings with a live reveal, results. */
let t: TestApp;
let smtp: SmtpSink;
type M = Awaited<ReturnType<TestApp["member"]>>;
let host: M;
let ann: M;
let bob: M;
let cat: M;
let admin: M;
let themeId: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpPort: smtp.port, env: { CLUB_TIMEZONE: "Europe/London" } });
  admin = await t.member(undefined, { role: "admin" });
  host = await t.member();
  ann = await t.member("ann@example.com");
  bob = await t.member("bob@example.com");
  cat = await t.member("cat@example.com");
  themeId = (await t.caller(host.user).themes.create({ description: "Blind Islay" })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

async function meeting(date = "2999-03-08") {
  return (await t.caller(host.user).meetings.create({ date, hostName: "Host", themeId })).id;
}

async function bottle(name: string, extra: Record<string, unknown> = {}) {
  return (await t.caller(host.user).bottles.create({ name, abv: 46, ...extra })).id;
}

const score = (parts: [number, number, number, number], extra: Record<string, unknown> = {}) => ({
  nose: parts[0],
  palate: parts[1],
  finish: parts[2],
  balance: parts[3],
  ...extra,
});

describe("RSVP", () => {
  it("places people in order until the capacity, then keeps a waitlist; a cancellation promotes and emails", async () => {
    const id = await meeting();
    expect(
      (
        await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, ann.token, {
          capacity: 4,
          blind: false,
          scoringOpen: true,
          hostMemberId: null,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, host.token, {
          capacity: 4,
          blind: false,
          scoringOpen: true,
          hostMemberId: null,
        })
      ).statusCode,
    ).toBe(200);
    const rsvp = (m: M, status: string, guests = 0) =>
      send("PUT", `/api/MonthlyMeetings/${id}/Rsvp`, m.token, { status, guests });
    expect((await rsvp(ann, "going", 2)).json()).toEqual({ status: "going", waitlistPosition: null });
    expect((await rsvp(bob, "going", 1)).json()).toEqual({ status: "going", waitlistPosition: 1 });
    expect((await rsvp(cat, "going")).json()).toEqual({ status: "going", waitlistPosition: 2 });
    expect((await rsvp(host, "maybe")).json()).toEqual({ status: "maybe", waitlistPosition: null });
    const list = (await send("GET", `/api/MonthlyMeetings/${id}/Rsvps`)).json<
      { member: { firstName: string }; status: string; guests: number; waitlistPosition: number | null }[]
    >();
    expect(list.map((r) => [r.status, r.guests, r.waitlistPosition])).toEqual([
      ["going", 2, null],
      ["going", 1, 1],
      ["going", 0, 2],
      ["maybe", 0, null],
    ]);
    // Ann cancels: Bob (and his guest) get in and Bob is told; Cat fits too.
    expect((await rsvp(ann, "declined")).json()).toEqual({ status: "declined", waitlistPosition: null });
    const mail = await smtp.waitForMessage("bob@example.com", 15_000, "A place opened up");
    expect(mail).toContain("A place opened up");
    const after = (await send("GET", `/api/MonthlyMeetings/${id}/Rsvps`)).json<
      { waitlistPosition: number | null }[]
    >();
    expect(after.map((r) => r.waitlistPosition)).toEqual([null, null, null, null]);
    // Bob keeps his place when he changes his guests.
    expect((await rsvp(bob, "going", 0)).json().waitlistPosition).toBeNull();
  });

  it("refuses answers for a meeting that is over, and bad input", async () => {
    const past = await meeting("2020-01-10");
    const res = await send("PUT", `/api/MonthlyMeetings/${past}/Rsvp`, ann.token, { status: "going" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ServerMessages.meetingPast);
    const id = await meeting();
    for (const body of [{ status: "yes" }, { status: "going", guests: 4 }, { status: "going", guests: -1 }])
      expect((await send("PUT", `/api/MonthlyMeetings/${id}/Rsvp`, ann.token, body)).statusCode).toBe(400);
  });

  it("tells a member their own answer and place; lists the members a host may be linked to", async () => {
    const id = await meeting();
    await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, host.token, {
      capacity: 1,
      blind: false,
      scoringOpen: true,
      hostMemberId: null,
    });
    const mine = async (m: M) =>
      (await send("GET", `/api/MonthlyMeetings/${id}/MyRsvp`, m.token)).json<unknown>();
    expect(await mine(ann)).toEqual({ status: null, guests: 0, waitlistPosition: null });
    await send("PUT", `/api/MonthlyMeetings/${id}/Rsvp`, ann.token, { status: "going" });
    await send("PUT", `/api/MonthlyMeetings/${id}/Rsvp`, bob.token, { status: "going", guests: 1 });
    expect(await mine(ann)).toEqual({ status: "going", guests: 0, waitlistPosition: null });
    expect(await mine(bob)).toEqual({ status: "going", guests: 1, waitlistPosition: 1 });
    expect((await send("GET", `/api/MonthlyMeetings/${id}/MyRsvp`)).statusCode).toBe(401);
    expect((await send("GET", `/api/MonthlyMeetings/999999/MyRsvp`, ann.token)).statusCode).toBe(404);

    const pending = await t.member("pending@example.com");
    t.app.deps.db.$client
      .prepare("UPDATE members SET status = 'deactivated' WHERE id = ?")
      .run(pending.user.id);
    const candidates = (await send("GET", "/api/Members/HostCandidates", ann.token)).json<
      { id: number; firstName: string; lastName: string }[]
    >();
    expect(candidates.map((c) => c.id)).toEqual(expect.arrayContaining([ann.user.id, host.user.id]));
    expect(candidates.map((c) => c.id)).not.toContain(pending.user.id);
    expect(Object.keys(candidates[0]!).sort()).toEqual(["firstName", "id", "lastName"]);
    expect((await send("GET", "/api/Members/HostCandidates")).statusCode).toBe(401);
  });

  it("the waitlist rule: first come, first served, guests count", () => {
    const row = (memberId: number, guests: number, status = "going") =>
      ({ memberId, guests, status }) as Parameters<typeof placesOf>[0][number];
    const places = placesOf([row(1, 3), row(2, 0), row(3, 0, "maybe"), row(4, 0)], 4);
    expect([...places]).toEqual([
      [1, null],
      [2, 1],
      [4, 2],
    ]);
    expect([...placesOf([row(1, 3), row(2, 0)], null)]).toEqual([
      [1, null],
      [2, null],
    ]);
  });
});

describe("the flight", () => {
  it("sets pours in order with their sizes; Add Bottle feeds the same line-up; only the host or an admin", async () => {
    const id = await meeting("2025-01-10");
    const [a, b, c] = [await bottle("Flight A"), await bottle("Flight B"), await bottle("Flight C")];
    const put = (token: string, pours: unknown[]) =>
      send("PUT", `/api/MonthlyMeetings/${id}/Flight`, token, { pours });
    expect((await put(ann.token, [{ bottleId: a }])).statusCode).toBe(403);
    expect((await put(host.token, [{ bottleId: b, pourMl: 30 }, { bottleId: a }])).statusCode).toBe(200);
    expect((await put(host.token, [{ bottleId: a }, { bottleId: a }])).statusCode).toBe(400);
    expect((await put(host.token, [{ bottleId: 999_999 }])).statusCode).toBe(404);
    expect(
      (
        await send("POST", "/api/MonthlyMeetings/AddBottleToMeeting", ann.token, {
          meetingId: id,
          bottleId: c,
        })
      ).statusCode,
    ).toBe(200);
    const flight = (await send("GET", `/api/MonthlyMeetings/${id}/Flight`)).json<FlightPour[]>();
    expect(flight.map((p) => [p.pour, p.label, p.bottle?.id, p.pourMl])).toEqual([
      [1, "Dram 1", b, 30],
      [2, "Dram 2", a, 25],
      [3, "Dram 3", c, 25],
    ]);
    // The floor's meeting page lists the same bottles, in the flight's order.
    const detail = (await send("GET", `/api/MonthlyMeetings/${id}`)).json<{
      bottlesSampled: { name: string }[];
    }>();
    expect(detail.bottlesSampled.map((x) => x.name)).toEqual(["Flight B", "Flight A", "Flight C"]);
    expect((await put(admin.token, [{ bottleId: c }, { bottleId: b }])).statusCode).toBe(200);
    const again = (await send("GET", `/api/MonthlyMeetings/${id}/Flight`)).json<FlightPour[]>();
    expect(again.map((p) => p.bottle?.id)).toEqual([c, b]);
  });
});

describe("scores and results", () => {
  it("saves a member's score per pour, replaces it when changed, and computes the night's figures", async () => {
    const id = await meeting("2025-02-14");
    const [a, b] = [await bottle("Scored A"), await bottle("Scored B")];
    await send("PUT", `/api/MonthlyMeetings/${id}/Flight`, host.token, {
      pours: [{ bottleId: a }, { bottleId: b }],
    });
    const put = (m: M, pour: number, body: unknown) =>
      send("PUT", `/api/MonthlyMeetings/${id}/Scores/${pour}`, m.token, body);
    expect(
      (await put(ann, 1, score([20, 20, 20, 20], { tags: ["peaty", "smoky"], note: "Bonfire." }))).statusCode,
    ).toBe(200);
    // A retried or changed save replaces, never doubles.
    expect((await put(ann, 1, score([22, 21, 20, 19], { tags: ["peaty"] }))).json().total).toBe(82);
    await put(bob, 1, score([15, 15, 15, 15]));
    await put(cat, 1, score([25, 25, 20, 20]));
    await put(bob, 2, score([10, 10, 10, 10]));
    for (const bad of [
      score([26, 0, 0, 0]),
      score([1.5, 0, 0, 0]),
      score([0, 0, 0, 0], { tags: ["tasty"] }),
      {},
    ])
      expect((await put(ann, 1, bad)).statusCode).toBe(400);
    expect((await put(ann, 9, score([1, 1, 1, 1]))).statusCode).toBe(404);

    // While scoring is open the figures anchor nobody: only how many scored.
    const open = (await send("GET", `/api/MonthlyMeetings/${id}/Results`)).json<PourResult[]>();
    expect(open[0]).toMatchObject({ shown: false, average: null, median: null, count: 3, rank: null });
    // The host closes scoring: no more changes, and the results show.
    await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, host.token, {
      capacity: null,
      blind: false,
      scoringOpen: false,
      hostMemberId: null,
    });
    const closed = await put(ann, 1, score([1, 1, 1, 1]));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe("SCORING_CLOSED");

    const results = (await send("GET", `/api/MonthlyMeetings/${id}/Results`)).json<PourResult[]>();
    // Pour 1: totals 82, 60, 90.
    expect(results[0]).toMatchObject({
      pour: 1,
      bottle: { id: a, name: "Scored A" },
      average: 77.3,
      median: 82,
      min: 60,
      max: 90,
      count: 3,
      parts: { nose: 20.7, palate: 20.3, finish: 18.3, balance: 18 },
      rank: 1,
    });
    expect(results[1]).toMatchObject({ pour: 2, average: 40, median: 40, count: 1, rank: 2 });
    const mine = (await send("GET", `/api/MonthlyMeetings/${id}/MyScores`, ann.token)).json();
    expect(mine).toEqual([expect.objectContaining({ pour: 1, total: 82, tags: ["peaty"], note: "" })]);
    const journal = (await send("GET", "/api/Me/Tastings", ann.token)).json<
      { meeting: { id: number }; bottle: { id: number } }[]
    >();
    expect(journal.find((j) => j.meeting.id === id)?.bottle.id).toBe(a);
    const pours = (await send("GET", `/api/Bottles/${a}/PouredAt`)).json();
    expect(pours).toEqual([
      { meeting: { id, date: "2025-02-14", theme: "Blind Islay" }, pour: 1, average: 77.3, count: 3 },
    ]);
    const club = (await send("GET", "/api/Bottles/ClubScores")).json<
      { bottleId: number; clubScore: number }[]
    >();
    expect(club.find((s) => s.bottleId === a)?.clubScore).toBe(77.3);
    // Names and notes are members' data: the CSV is for members.
    expect((await send("GET", `/api/MonthlyMeetings/${id}/Results.csv`)).statusCode).toBe(401);
    const csv = await send("GET", `/api/MonthlyMeetings/${id}/Results.csv`, bob.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    // UTF-8 with a byte order mark, for Excel.
    expect(csv.body.split("\r\n")[0]).toBe(
      "\uFEFFpour,label,bottle,member,nose,palate,finish,balance,total,note,tags,guest,guest of",
    );
    expect(csv.body).toContain("Scored A");
  });
});

describe("night settings", () => {
  it("linking a member as host writes their name into the meeting's host name; a non-member is refused", async () => {
    const id = await meeting();
    const settings = (hostMemberId: number | null) => ({
      capacity: null,
      blind: false,
      scoringOpen: true,
      hostMemberId,
    });
    const linked = await send(
      "PUT",
      `/api/MonthlyMeetings/${id}/Settings`,
      host.token,
      settings(ann.user.id),
    );
    expect(linked.statusCode).toBe(200);
    const detail = (await send("GET", `/api/MonthlyMeetings/${id}`)).json<{ hostName: string }>();
    const account = (await send("GET", "/api/Account", ann.token)).json<{
      firstName: string;
      lastName: string;
    }>();
    expect(detail.hostName).toBe(`${account.firstName} ${account.lastName}`);
    const night = (await send("GET", `/api/MonthlyMeetings/${id}/Night`, ann.token)).json<{
      isHost: boolean;
    }>();
    expect(night.isHost).toBe(true);

    const before = (await send("GET", `/api/MonthlyMeetings/${id}`)).body;
    const refused = await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, host.token, settings(987654));
    expect(refused.statusCode).toBe(400);
    expect((await send("GET", `/api/MonthlyMeetings/${id}`)).body).toBe(before);
  });
});

describe("a blind tasting", () => {
  it("shows pours as Dram N until revealed, to everyone but the host, in every answer; then shows who guessed closest", async () => {
    const id = await meeting("2025-03-14");
    const types = (await send("GET", "/api/DrinkTypes")).json<{ id: number; name: string }[]>();
    const scotch = types.find((x) => x.name === "Single Malt Scotch")!.id;
    const states = (await send("GET", "/api/States")).json<{ id: number; name: string }[]>();
    const islay = states.find((x) => x.name === "Islay")!.id;
    const secret = await bottle("Secret Laddie 63.71", { abv: 63.71, drinkTypeId: scotch, stateId: islay });
    await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, host.token, {
      capacity: null,
      blind: true,
      scoringOpen: true,
      hostMemberId: host.user.id,
    });
    await send("PUT", `/api/MonthlyMeetings/${id}/Flight`, host.token, { pours: [{ bottleId: secret }] });
    await send(
      "PUT",
      `/api/MonthlyMeetings/${id}/Scores/1`,
      ann.token,
      score([20, 20, 20, 20], { guess: { abv: 60, drinkTypeId: scotch, stateId: islay } }),
    );
    await send(
      "PUT",
      `/api/MonthlyMeetings/${id}/Scores/1`,
      bob.token,
      score([18, 18, 18, 18], { guess: { abv: 65 } }),
    );
    await send(
      "PUT",
      `/api/MonthlyMeetings/${id}/Scores/1`,
      cat.token,
      score([18, 18, 18, 18], { guess: { abv: 50 } }),
    );

    const secretWords = ["Secret Laddie", "63.71"];
    const leaks = (body: string) => secretWords.filter((w) => body.includes(w));
    for (const [who, token] of [
      ["visitor", undefined],
      ["member", ann.token],
    ] as const) {
      for (const url of [
        `/api/MonthlyMeetings/${id}`,
        `/api/MonthlyMeetings/${id}/Flight`,
        `/api/MonthlyMeetings/${id}/Results`,
        `/api/MonthlyMeetings/${id}/Results.csv`,
        `/api/Bottles/${secret}/PouredAt`,
        "/api/Bottles/ClubScores",
      ])
        expect(leaks((await send("GET", url, token)).body), `${who} ${url}`).toEqual([]);
    }
    expect(leaks((await send("GET", "/api/Me/Tastings", ann.token)).body)).toEqual([]);
    // The log may say the bottle was added to the library (as the library does), never where it is poured.
    const log = (await send("GET", "/api/Activity?limit=200", ann.token)).json<{ entity: string }[]>();
    expect(leaks(JSON.stringify(log.filter((e) => e.entity !== "bottle")))).toEqual([]);
    expect(
      (await send("GET", `/api/Activity?entity=meetingBottle&entityId=${id}:${secret}`, ann.token)).json(),
    ).toEqual([]);
    // A member cannot probe the line-up through Add Bottle or Remove.
    const probe = await send("POST", "/api/MonthlyMeetings/AddBottleToMeeting", ann.token, {
      meetingId: id,
      bottleId: secret,
    });
    expect(probe.statusCode).toBe(403);
    expect((await send("DELETE", `/api/MonthlyMeetings/${id}/Bottles/${secret}`, ann.token)).statusCode).toBe(
      403,
    );
    // The host sees it.
    const hostFlight = (await send("GET", `/api/MonthlyMeetings/${id}/Flight`, host.token)).json<
      FlightPour[]
    >();
    expect(hostFlight[0]?.bottle?.name).toBe("Secret Laddie 63.71");
    expect((await send("GET", `/api/MonthlyMeetings/${id}/Flight`, ann.token)).json()).toEqual([
      { pour: 1, label: "Dram 1", bottle: null, revealed: false, pourMl: 25 },
    ]);

    expect((await send("POST", `/api/MonthlyMeetings/${id}/Reveal`, ann.token, {})).statusCode).toBe(403);
    expect(
      (await send("POST", `/api/MonthlyMeetings/${id}/Reveal`, host.token, { pour: 1 })).statusCode,
    ).toBe(200);
    const flight = (await send("GET", `/api/MonthlyMeetings/${id}/Flight`)).json<FlightPour[]>();
    expect(flight[0]).toMatchObject({ revealed: true, bottle: { name: "Secret Laddie 63.71" } });
    const twice = await send("POST", `/api/MonthlyMeetings/${id}/Reveal`, host.token, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("ALREADY_REVEALED");
    // Who guessed right is members' data: visitors get the figures without it.
    const [visitors] = (await send("GET", `/api/MonthlyMeetings/${id}/Results`)).json<PourResult[]>();
    expect(visitors).toMatchObject({ revealed: true, guesses: null, count: 3 });
    const [result] = (await send("GET", `/api/MonthlyMeetings/${id}/Results`, ann.token)).json<
      PourResult[]
    >();
    expect(result?.guesses).toEqual({
      closestAbv: [{ firstName: "Test", lastName: expect.any(String), guest: false, guess: 65, off: 1.3 }],
      rightType: [{ firstName: "Test", lastName: expect.any(String), guest: false }],
      rightRegion: [{ firstName: "Test", lastName: expect.any(String), guest: false }],
    });
  });

  it("tells every open page at once over a server-sent events stream", async () => {
    const id = await meeting("2025-04-11");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const controller = new AbortController();
    const res = await fetch(`${base}/trpc/night.events?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
      signal: controller.signal,
      headers: { accept: "text/event-stream", "accept-encoding": "gzip, br" },
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = "";
    const until = async (needle: string) => {
      const deadline = Date.now() + 5000;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no ${needle} in ${text}`);
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await until('"settings"');
    await send("PUT", `/api/MonthlyMeetings/${id}/Flight`, host.token, {
      pours: [{ bottleId: await bottle("Streamed") }],
    });
    await send("POST", `/api/MonthlyMeetings/${id}/Reveal`, host.token, {});
    await until('"reveal"');
    controller.abort();
  });
});
