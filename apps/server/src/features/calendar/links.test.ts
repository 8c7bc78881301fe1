import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarLinks } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { googleCalendarLink, outlookCalendarLink } from "./links";

/** "Add to Google Calendar" and Outlook beside the .ics: the right instant, zone, title and place. */
describe("calendar links", () => {
  const event = {
    title: "Whiskey Tasting Club: Islay & Skye",
    start: new Date("2026-12-12T00:00:00Z"),
    end: new Date("2026-12-12T03:00:00Z"),
    details: "Host: Ann\nTheme: Islay & Skye",
    place: "The Back Room, 12 High St",
    timeZone: "America/New_York",
  };

  it("Google's template takes the UTC instants, the club's zone, the title, details and place", () => {
    const url = new URL(googleCalendarLink(event));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: "TEMPLATE",
      text: "Whiskey Tasting Club: Islay & Skye",
      dates: "20261212T000000Z/20261212T030000Z",
      ctz: "America/New_York",
      details: "Host: Ann\nTheme: Islay & Skye",
      location: "The Back Room, 12 High St",
    });
  });

  it("Outlook's compose link takes the same, in ISO 8601 UTC; no place when the club has none", () => {
    const url = new URL(outlookCalendarLink({ ...event, place: null }));
    expect(url.origin + url.pathname).toBe("https://outlook.live.com/calendar/0/deeplink/compose");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      path: "/calendar/action/compose",
      rru: "addevent",
      subject: "Whiskey Tasting Club: Islay & Skye",
      startdt: "2026-12-12T00:00:00Z",
      enddt: "2026-12-12T03:00:00Z",
      body: "Host: Ann\nTheme: Islay & Skye",
    });
  });
});

describe("GET /api/MonthlyMeetings/{id}/CalendarLinks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CLUB_TIMEZONE: "Europe/London", CLUB_PLACE: "The Back Room" } });
  });
  afterAll(() => t.close());

  it("a meeting at 7:00 PM in the club's zone (summer time too), its theme, host and place", async () => {
    const member = await t.member();
    const themeId = (await t.caller(member.user).themes.create({ description: "Sherry casks" })).id;
    const { id } = await t
      .caller(member.user)
      .meetings.create({ date: "2027-07-09", hostName: "Ann", themeId });
    const res = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}/CalendarLinks` });
    expect(res.statusCode).toBe(200);
    const links = res.json<CalendarLinks>();
    expect(links.ics).toBe(`http://club.test/api/MonthlyMeetings/${id}/Calendar`);
    const google = new URL(links.google).searchParams;
    // 19:00 British Summer Time is 18:00 UTC.
    expect(google.get("dates")).toBe("20270709T180000Z/20270709T210000Z");
    expect(google.get("ctz")).toBe("Europe/London");
    expect(google.get("text")).toBe("Whiskey Tasting Club: Sherry casks");
    expect(google.get("location")).toBe("The Back Room");
    expect(google.get("details")).toContain("Host: Ann");
    expect(google.get("details")).toContain(`http://club.test/monthlymeeting/${id}`);
    const outlook = new URL(links.outlook).searchParams;
    expect([outlook.get("startdt"), outlook.get("enddt"), outlook.get("location")]).toEqual([
      "2027-07-09T18:00:00Z",
      "2027-07-09T21:00:00Z",
      "The Back Room",
    ]);
    // The .ics says the same place.
    const ics = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${id}/Calendar` });
    expect(ics.body).toContain("LOCATION:The Back Room");
    expect(
      (await t.request({ method: "GET", url: "/api/MonthlyMeetings/999999/CalendarLinks" })).statusCode,
    ).toBe(404);
  });
});
