import ICAL from "ical.js";
import type { CalendarLinks } from "@club/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";

/** The calendar's words in a language: `?lang=` when it names one of the app's, else the club's. */
let t: TestApp;
let meetingId: number;
let blindId: number;
let cancelledId: number;
const NOW = new Date("2026-11-23T12:00:00Z");

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const member = await t.member();
  const caller = t.caller(member.user);
  const themeId = (await caller.themes.create({ description: "Islay" })).id;
  meetingId = (await caller.meetings.create({ date: "2027-01-08", hostName: "Ann", themeId })).id;
  blindId = (await caller.meetings.create({ date: "2027-02-12", hostName: "Bob", themeId })).id;
  const bottle = (await caller.bottles.create({ name: "Secret Caol Ila", abv: 55 })).id;
  await caller.meetings.addBottle({ meetingId: blindId, bottleId: bottle });
  await caller.night.settings({
    id: blindId,
    capacity: null,
    blind: true,
    scoringOpen: true,
    hostMemberId: null,
  });
  cancelledId = (await caller.meetings.create({ date: "2027-03-12", hostName: "Cy", themeId })).id;
  await caller.meetings.delete({ id: cancelledId });
});
afterAll(() => t.close());

function descriptions(text: string): Map<string, string> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new Map(
    calendar.getAllSubcomponents("vevent").map((vevent) => {
      const event = new ICAL.Event(vevent);
      return [event.uid.split("@")[0]!, event.description];
    }),
  );
}

const feed = async (query = "") => {
  const res = await t.request({ method: "GET", url: `/calendar.ics${query}` });
  expect(res.statusCode).toBe(200);
  return descriptions(res.body);
};

describe("the calendar in a language", () => {
  it("is English in an English club, word for word; German with ?lang=de, then English again (each kept apart)", async () => {
    const english = await feed();
    expect(english.get(`meeting-${meetingId}`)).toBe("Host: Ann\nTheme: Islay");
    expect(english.get(`meeting-${blindId}`)).toBe(
      "Host: Bob\nTheme: Islay\nA blind tasting.\nLine-up: Dram 1",
    );
    expect(english.get(`meeting-${cancelledId}`)).toBe("This meeting was cancelled.");

    const german = await feed("?lang=de");
    expect(german.get(`meeting-${meetingId}`)).toBe("Gastgeber: Ann\nThema: Islay");
    expect(german.get(`meeting-${blindId}`)).toBe(
      "Gastgeber: Bob\nThema: Islay\nEine Blindverkostung.\nAuswahl: Dram 1",
    );
    expect(german.get(`meeting-${cancelledId}`)).toBe("Dieses Treffen wurde abgesagt.");
    expect([...german.values()].join(" ")).not.toContain("Secret Caol Ila");

    // A regional tag is its language; the English feed is still English after the German one.
    expect((await feed("?lang=ja-JP")).get(`meeting-${meetingId}`)).toBe("ホスト：Ann\nテーマ：Islay");
    expect(await feed()).toEqual(english);
  });

  it("ignores a language the app does not have: the club's", async () => {
    const english = await feed();
    expect(await feed("?lang=xx")).toEqual(english);
    expect(await feed("?lang=")).toEqual(english);
    expect(await feed("?lang=de&lang=fr")).toEqual(english);
  });

  it("one meeting's .ics and its Google and Outlook links follow lang", async () => {
    const one = async (query: string) => {
      const res = await t.request({
        method: "GET",
        url: `/api/MonthlyMeetings/${meetingId}/Calendar${query}`,
      });
      expect(res.statusCode).toBe(200);
      return descriptions(res.body).get(`meeting-${meetingId}`);
    };
    expect(await one("")).toBe("Host: Ann\nTheme: Islay");
    expect(await one("?lang=sv")).toBe("Värd: Ann\nTema: Islay");
    expect(await one("?lang=fr")).toBe("Hôte : Ann\nThème : Islay");

    const links = async (query: string) => {
      const res = await t.request({
        method: "GET",
        url: `/api/MonthlyMeetings/${meetingId}/CalendarLinks${query}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<CalendarLinks>();
    };
    const english = await links("");
    expect(new URL(english.google).searchParams.get("details")).toContain("Host: Ann\nTheme: Islay");
    expect(english.ics).toBe(`http://club.test/api/MonthlyMeetings/${meetingId}/Calendar`);
    const german = await links("?lang=de");
    expect(new URL(german.google).searchParams.get("details")).toContain("Gastgeber: Ann\nThema: Islay");
    expect(german.ics).toBe(`http://club.test/api/MonthlyMeetings/${meetingId}/Calendar?lang=de`);
    expect(await links("?lang=xx")).toEqual(english);
    expect(await t.caller(null).calendar.links({ id: meetingId, lang: "de" })).toEqual(german);
  });
});

describe("a German club's calendar", () => {
  it("is German without lang, English with ?lang=en", async () => {
    const club = await createTestApp({ env: { CLUB_LANGUAGE: "de" }, now: () => NOW });
    try {
      const caller = club.caller((await club.member()).user);
      const themeId = (await caller.themes.create({ description: "Speyside" })).id;
      const id = (await caller.meetings.create({ date: "2027-01-08", hostName: "Ann", themeId })).id;
      const of = async (query: string) =>
        descriptions((await club.request({ method: "GET", url: `/calendar.ics${query}` })).body).get(
          `meeting-${id}`,
        );
      expect(await of("")).toBe("Gastgeber: Ann\nThema: Speyside");
      expect(await of("?lang=en")).toBe("Host: Ann\nTheme: Speyside");
    } finally {
      await club.close();
    }
  });
});
