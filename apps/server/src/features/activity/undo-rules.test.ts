import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages, type MeetingEvent } from "@club/shared";
import { createTestApp, startSmtpSink, type SmtpSink, type TestApp } from "../../../test/helpers";

/**
 * Undo goes through the rules: undoing an entry is refused (409 with the rule's
 * message) whenever the same change made directly would be refused now, and it triggers what the
 * direct change triggers (the waitlist settled and its email, a live event). The attack's three
 * bypasses are the first three tests.
 */
let t: TestApp;
let smtp: SmtpSink;
type M = Awaited<ReturnType<TestApp["member"]>>;
let admin: M;
let ann: M;
let bob: M;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpPort: smtp.port, env: { RATE_LIMIT: "false" } });
  admin = await t.member(undefined, { role: "admin" });
  ann = await t.member();
  bob = await t.member();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

/** The member's newest activity entry about an entity. */
async function newest(who: M, entity: string, entityId: string) {
  const [entry] = await t.caller(who.user).activity.list({ entity, entityId, limit: 1 });
  expect(entry, `${entity} ${entityId}`).toBeDefined();
  return entry!;
}

const undo = async (who: M, entity: string, entityId: string) =>
  send("POST", `/api/Activity/${(await newest(who, entity, entityId)).id}/Undo`, who.token);

let themeCounter = 0;
async function upcomingMeeting(extra: { capacity?: number | null } = {}) {
  const caller = t.caller(admin.user);
  const theme = await caller.themes.create({ id: 0, description: `Undo rules ${++themeCounter}` });
  const { id } = await caller.meetings.create({ date: "2031-05-09", hostName: "Host", themeId: theme.id });
  if (extra.capacity !== undefined)
    await caller.night.settings({
      id,
      capacity: extra.capacity,
      blind: false,
      scoringOpen: true,
      hostMemberId: null,
    });
  return id;
}

/** Events the meeting's live stream hears from now on. */
function listen(meetingId: number): MeetingEvent[] {
  const heard: MeetingEvent[] = [];
  t.app.deps.events.subscribe(meetingId, (event) => heard.push(event));
  return heard;
}

/** Emails to `who` saying a place opened up at meeting `id` (the outbox: written in the change's transaction). */
const placeEmails = (who: M, id: number) =>
  (
    t.app.deps.db.$client
      .prepare(
        `SELECT count(*) AS n FROM outbox WHERE "to" = ? AND subject LIKE 'A place opened up%' AND text LIKE ?`,
      )
      .get(who.user.email, `%/monthlymeeting/${id}%`) as { n: number }
  ).n;

const placeOf = async (who: M, id: number) =>
  (await t.caller(who.user).night.myRsvp({ id })).waitlistPosition;

describe("the attack's three bypasses", () => {
  it("undoing an RSVP decline after the waitlist moved does not jump the one promoted (and emailed)", async () => {
    const id = await upcomingMeeting({ capacity: 1 });
    await t.caller(ann.user).night.rsvp({ id, status: "going", guests: 0 });
    await t.caller(bob.user).night.rsvp({ id, status: "going", guests: 0 });
    expect([await placeOf(ann, id), await placeOf(bob, id)]).toEqual([null, 1]);
    await t.caller(ann.user).night.rsvp({ id, status: "declined", guests: 0 });
    expect(placeEmails(bob, id)).toBe(1);
    expect(await placeOf(bob, id)).toBeNull();

    const heard = listen(id);
    const res = await undo(ann, "rsvp", `${id}:${ann.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // As if Ann said "going" again now: Bob keeps the place he was given, Ann waits behind him.
    expect(await placeOf(bob, id)).toBeNull();
    expect(await placeOf(ann, id)).toBe(1);
    const rsvps = await t.caller(admin.user).night.rsvps({ id });
    expect(rsvps.map((r) => r.waitlistPosition)).toEqual([null, 1]);
    expect(heard).toContainEqual({ kind: "rsvp" });
    // Bob was emailed once, when he got the place; the undo took nothing from him to give back.
    expect(placeEmails(bob, id)).toBe(1);
  });

  it("undoing a score after scoring closed is a 409 with the rule's message, as a direct save is", async () => {
    const id = await upcomingMeeting();
    const caller = t.caller(admin.user);
    const { id: bottleId } = await caller.bottles.create({ name: "Undo Score Dram", abv: 43 });
    await caller.night.setFlight({ id, pours: [{ bottleId, pourMl: 25 }] });
    await t.caller(ann.user).night.score({ id, pour: 1, nose: 10, palate: 10, finish: 10, balance: 10 });
    await t.caller(ann.user).night.score({ id, pour: 1, nose: 20, palate: 20, finish: 20, balance: 20 });
    await caller.night.settings({ id, capacity: null, blind: false, scoringOpen: false, hostMemberId: null });
    const direct = await send("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, ann.token, {
      nose: 1,
      palate: 1,
      finish: 1,
      balance: 1,
    });
    expect(direct.statusCode).toBe(409);
    const res = await undo(ann, "score", `${id}:${bottleId}:${ann.user.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "SCORING_CLOSED", message: ServerMessages.scoringClosed });
    expect((await t.caller(ann.user).night.myScores({ id }))[0]?.total).toBe(80);
  });

  it('undoing a theme rename cannot make "Peat Week" beside "peat week": 409, as a direct rename is', async () => {
    const caller = t.caller(admin.user);
    const theme = await caller.themes.create({ id: 0, description: "peat week" });
    await caller.themes.update({ id: theme.id, description: "Smoke Week" });
    await caller.themes.create({ id: 0, description: "Peat Week" });
    const res = await undo(admin, "theme", String(theme.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ServerMessages.themeExists);
    const names = (await caller.themes.list()).map((th) => th.name.toLowerCase());
    expect(names.filter((n) => n === "peat week")).toHaveLength(1);
    // The database holds the rule too: no write path can make the pair.
    expect(() =>
      t.app.deps.db.$client
        .prepare("UPDATE themes SET description = ' PEAT WEEK ' WHERE id = ?")
        .run(theme.id),
    ).toThrow(/UNIQUE/);
  });
});

describe("undo refuses what the direct change would refuse now, and triggers what it triggers", () => {
  it("an RSVP of a meeting that has passed: 409 MEETING_PAST", async () => {
    const id = await upcomingMeeting();
    await t.caller(ann.user).night.rsvp({ id, status: "maybe", guests: 0 });
    const meeting = await t.caller(admin.user).meetings.byId({ id });
    await t
      .caller(admin.user)
      .meetings.update({ id, date: "2020-01-10", hostName: meeting.hostName, themeId: meeting.theme.id });
    const res = await undo(ann, "rsvp", `${id}:${ann.user.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "MEETING_PAST", message: ServerMessages.meetingPast });
  });

  it("a deleted theme's name taken meanwhile: 409; a theme a meeting now uses: 409 THEME_IN_USE", async () => {
    const caller = t.caller(admin.user);
    const gone = await caller.themes.create({ id: 0, description: "Sherry Bombs" });
    await caller.themes.delete({ id: gone.id });
    await caller.themes.create({ id: 0, description: "SHERRY BOMBS" });
    const restore = await undo(admin, "theme", String(gone.id));
    expect(restore.statusCode).toBe(409);
    expect(restore.json().error.message).toBe(ServerMessages.themeExists);

    const used = await caller.themes.create({ id: 0, description: "Used Soon" });
    await caller.meetings.create({ date: "2031-06-13", hostName: "Host", themeId: used.id });
    const res = await send(
      "POST",
      `/api/Activity/${(await newest(admin, "theme", String(used.id))).id}/Undo`,
      admin.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "THEME_IN_USE", message: ServerMessages.themeInUse });
  });

  it("an undone reveal hides the pour again, as the host's Hide does", async () => {
    const id = await upcomingMeeting();
    const caller = t.caller(admin.user);
    const { id: bottleId } = await caller.bottles.create({ name: "Revealed For Good", abv: 50 });
    await caller.night.settings({ id, capacity: null, blind: true, scoringOpen: true, hostMemberId: null });
    await caller.night.setFlight({ id, pours: [{ bottleId, pourMl: 25 }] });
    await caller.night.reveal({ id, pour: 1 });
    const res = await undo(admin, "meetingBottle", `${id}:${bottleId}`);
    expect(res.statusCode).toBe(200);
    expect((await caller.night.flight({ id }))[0]?.revealed).toBe(false);
  });

  it("the capacity set back settles the waitlist and emails who got a place; the page hears of it", async () => {
    const id = await upcomingMeeting({ capacity: 3 });
    const caller = t.caller(admin.user);
    await t.caller(ann.user).night.rsvp({ id, status: "going", guests: 0 });
    await t.caller(bob.user).night.rsvp({ id, status: "going", guests: 0 });
    await caller.night.settings({ id, capacity: 1, blind: false, scoringOpen: true, hostMemberId: null });
    expect(await placeOf(bob, id)).toBe(1);
    const heard = listen(id);
    // Back to 3 places: Bob gets one, and the email the direct change would have sent.
    expect((await undo(admin, "meeting", String(id))).statusCode).toBe(200);
    expect(await placeOf(bob, id)).toBeNull();
    expect(heard).toContainEqual({ kind: "settings" });
    expect(placeEmails(bob, id)).toBe(1);
    // ...and it is delivered.
    await smtp.waitForMessage(bob.user.email, 15_000, "A place opened up");
  });

  it("a pour put back in the line-up is heard by open pages; a score undone too", async () => {
    const id = await upcomingMeeting();
    const caller = t.caller(admin.user);
    const { id: bottleId } = await caller.bottles.create({ name: "Back In Line", abv: 40 });
    await caller.night.setFlight({ id, pours: [{ bottleId, pourMl: 25 }] });
    await caller.night.setFlight({ id, pours: [] });
    const heard = listen(id);
    expect((await undo(admin, "meetingBottle", `${id}:${bottleId}`)).statusCode).toBe(200);
    expect(heard).toContainEqual({ kind: "flight" });
    await t.caller(ann.user).night.score({ id, pour: 1, nose: 5, palate: 5, finish: 5, balance: 5 });
    expect((await undo(ann, "score", `${id}:${bottleId}:${ann.user.id}`)).statusCode).toBe(200);
    await expect.poll(() => heard.some((e) => e.kind === "scores"), { timeout: 5000 }).toBe(true);
  });
});
