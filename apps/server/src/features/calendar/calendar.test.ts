import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { meetingDayOf, ruleDateOnOrAfter, zonedInstant } from "../../platform/clubTime";
import { zoneAbbreviation } from "./vtimezone";

/** The calendar feed, read back by a real iCalendar parser (ical.js). */
let t: TestApp;
let member: Awaited<ReturnType<TestApp["member"]>>;
let themeId: number;
const NOW = new Date("2026-11-23T12:00:00Z");

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_TIMEZONE: "America/New_York" }, now: () => NOW });
  member = await t.member();
  themeId = (await t.caller(member.user).themes.create({ description: "Islay, Skye; and the rest" })).id;
});
afterAll(() => t.close());

const create = async (date: string) =>
  (await t.caller(member.user).meetings.create({ date, hostName: "Ann", themeId })).id;

/** The feed's events as ical.js reads them, with their start as a real instant. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone"))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      zone: event.startDate.zone?.tzid,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue("status"),
      url: vevent.getFirstPropertyValue("url"),
    };
  });
}

describe("the meeting rule", () => {
  it("is the second Friday; the next one on or after a date", () => {
    expect(meetingDayOf("2026-11")).toBe("2026-11-13");
    expect(meetingDayOf("2026-05")).toBe("2026-05-08");
    expect(meetingDayOf("2027-01")).toBe("2027-01-08");
    expect(ruleDateOnOrAfter("2026-11-13")).toBe("2026-11-13");
    expect(ruleDateOnOrAfter("2026-11-14")).toBe("2026-12-11");
    expect(zonedInstant("2026-03-13", "19:00", "America/New_York").toISOString()).toBe(
      "2026-03-13T23:00:00.000Z",
    );
    expect(zonedInstant("2026-03-06", "19:00", "America/New_York").toISOString()).toBe(
      "2026-03-07T00:00:00.000Z",
    );
  });
});

describe("GET /api/MonthlyMeetings/Next", () => {
  it("gives the rule's date when nothing is scheduled, then the scheduled meeting", async () => {
    const before = await t.request({ method: "GET", url: "/api/MonthlyMeetings/Next" });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      date: "2026-12-11",
      time: "19:00",
      timezone: "America/New_York",
      meetingId: null,
    });
    const id = await create("2026-12-11");
    expect((await t.request({ method: "GET", url: "/api/MonthlyMeetings/Next" })).json()).toMatchObject({
      date: "2026-12-11",
      meetingId: id,
    });
    expect(await t.caller(null).calendar.next()).toMatchObject({ meetingId: id });
  });
});

/** The club's calendar id, as migration 0009 made it. */
const clubId = () =>
  (t.app.deps.db.$client.prepare("SELECT calendar_id AS id FROM club_identity").get() as { id: string }).id;

describe("calendar UIDs and zone names", () => {
  it("UIDs come from the id the club keeps in its database, not APP_URL: a move keeps every event", async () => {
    expect(clubId()).toMatch(/^[0-9a-f]{32}$/);
    const id = await create("2027-03-12");
    const uids = (body: string) => parse(body).map((e) => e.uid);
    const here = uids((await t.request({ method: "GET", url: "/calendar.ics" })).body);
    expect(here).toContain(`meeting-${id}@${clubId()}.whiskey-club`);
    expect(here.join(" ")).not.toContain("club.test");
    // The same database served from another address: the same UIDs.
    const moved = await createTestApp({
      dataDir: t.dataDir,
      keepDataDir: true,
      env: { CLUB_TIMEZONE: "America/New_York", APP_URL: "https://club.example.org:8443" },
      now: () => NOW,
    });
    try {
      const there = uids((await moved.request({ method: "GET", url: "/calendar.ics" })).body);
      expect(there.sort()).toEqual([...here].sort());
    } finally {
      await moved.app.close();
    }
  });

  it.each([
    ["Europe/London", "2027-07-01T12:00:00Z", 60, "BST"],
    ["Europe/London", "2027-01-01T12:00:00Z", 0, "GMT"],
    ["Europe/Dublin", "2027-07-01T12:00:00Z", 60, "IST"],
    ["Europe/Berlin", "2027-07-01T12:00:00Z", 120, "CEST"],
    ["America/New_York", "2027-01-01T12:00:00Z", -300, "EST"],
    ["Australia/Sydney", "2027-01-01T12:00:00Z", 660, "AEDT"],
    ["Asia/Kolkata", "2027-01-01T12:00:00Z", 330, "IST"],
    ["Asia/Tokyo", "2027-01-01T12:00:00Z", 540, "+09"],
    ["America/St_Johns", "2027-01-01T12:00:00Z", -210, "NST"],
    ["Asia/Kathmandu", "2027-01-01T12:00:00Z", 345, "+0545"],
  ])("TZNAME in %s at %s is %s", (zone, at, offset, name) => {
    expect(zoneAbbreviation(zone, new Date(at), offset)).toBe(name);
  });

  it("the feed of a London club names British Summer Time BST, never GMT+1", async () => {
    const london = await createTestApp({ env: { CLUB_TIMEZONE: "Europe/London" }, now: () => NOW });
    try {
      await london.caller((await london.member()).user).meetings.create({
        date: "2027-07-09",
        hostName: "Ann",
        themeId: (
          await london.caller((await london.member()).user).themes.create({ id: 0, description: "Summer" })
        ).id,
      });
      const feed = (await london.request({ method: "GET", url: "/calendar.ics" })).body;
      expect(feed).toContain("TZNAME:BST");
      expect(feed).toContain("TZNAME:GMT");
      expect(feed).not.toMatch(/TZNAME:GMT[+-]/);
    } finally {
      await london.close();
    }
  });
});

describe("GET /calendar.ics", () => {
  it("is an RFC 5545 feed: 7:00 PM local on both sides of a daylight-saving change, stable UIDs, escaped text", async () => {
    const winter = await create("2027-01-08"); // EST, UTC-5
    const summer = await create("2027-04-09"); // EDT, UTC-4 (the change is on 14 March 2027)
    const far = await create("2999-07-12"); // beyond the exact years: the yearly rule applies
    const res = await t.request({ method: "GET", url: "/calendar.ics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const events = parse(res.body);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const w = byUid.get(`meeting-${winter}@${clubId()}.whiskey-club`)!;
    const s = byUid.get(`meeting-${summer}@${clubId()}.whiskey-club`)!;
    expect(w.start).toBe("2027-01-09T00:00:00.000Z");
    expect(w.end).toBe("2027-01-09T03:00:00.000Z");
    expect(w.zone).toBe("America/New_York");
    expect(s.start).toBe("2027-04-09T23:00:00.000Z");
    expect(byUid.get(`meeting-${far}@${clubId()}.whiskey-club`)!.start).toBe("2999-07-12T23:00:00.000Z");
    expect(w.summary).toContain("Islay, Skye; and the rest");
    expect(w.description).toContain("Host: Ann");
    expect(w.url).toBe(`http://club.test/monthlymeeting/${winter}`);
    expect(w.status).toBe("CONFIRMED");
    // The same UIDs next time.
    const again = parse((await t.request({ method: "GET", url: "/calendar.ics" })).body);
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it("raises SEQUENCE on every edit, lists the line-up, hides a blind night's pours, and keeps a deleted meeting as CANCELLED", async () => {
    const id = await create("2027-02-12");
    const one = async () =>
      parse((await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}/Calendar` })).body)[0]!;
    expect((await one()).sequence).toBe(0);
    const caller = t.caller(member.user);
    await caller.meetings.update({ id, date: "2027-02-12", hostName: "Bob", themeId });
    expect((await one()).sequence).toBe(1);
    const bottle = (await caller.bottles.create({ name: "Secret Caol Ila", abv: 55 })).id;
    await caller.meetings.addBottle({ meetingId: id, bottleId: bottle });
    const withBottle = await one();
    expect(withBottle.sequence).toBe(2);
    expect(withBottle.description).toContain("Secret Caol Ila");
    await caller.night.settings({ id, capacity: null, blind: true, scoringOpen: true, hostMemberId: null });
    const blind = await one();
    expect(blind.sequence).toBe(3);
    expect(blind.description).toContain("Dram 1");
    const feed = (await t.request({ method: "GET", url: "/calendar.ics" })).body;
    expect(feed).not.toContain("Secret Caol Ila");
    await caller.meetings.delete({ id });
    const cancelled = parse((await t.request({ method: "GET", url: "/calendar.ics" })).body).find(
      (e) => e.uid === `meeting-${id}@${clubId()}.whiskey-club`,
    )!;
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.sequence).toBeGreaterThan(3);
    expect((await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}/Calendar` })).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: "GET", url: "/api/MonthlyMeetings/999999/Calendar" })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: "GET", url: "/api/MonthlyMeetings/abc/Calendar" })).statusCode).toBe(
      400,
    );
  });
});
