import { describe, expect, it } from "vitest";
import { formatTime, meetingDayOf, nextFreeMeetingDay, splitMeetings } from "./clubCalendar";

describe("the club's meeting rule (second Friday)", () => {
  it("finds the second Friday whatever weekday the month starts on", () => {
    expect(meetingDayOf(2026, 1)).toBe("2026-01-09"); // starts on a Thursday
    expect(meetingDayOf(2026, 5)).toBe("2026-05-08"); // starts on a Friday
    expect(meetingDayOf(2026, 8)).toBe("2026-08-14"); // starts on a Saturday
    expect(meetingDayOf(2025, 2)).toBe("2025-02-14");
    for (let month = 1; month <= 12; month++) {
      const day = meetingDayOf(2027, month);
      expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(5);
      expect(Number(day.slice(8))).toBeGreaterThanOrEqual(8);
      expect(Number(day.slice(8))).toBeLessThanOrEqual(14);
    }
  });

  it("offers this month's meeting day when it is today or ahead", () => {
    expect(nextFreeMeetingDay("2026-01-01", [])).toBe("2026-01-09");
    expect(nextFreeMeetingDay("2026-01-09", [])).toBe("2026-01-09");
  });

  it("moves to next month once the day has passed, across a year", () => {
    expect(nextFreeMeetingDay("2026-01-10", [])).toBe("2026-02-13");
    expect(nextFreeMeetingDay("2026-12-12", [])).toBe("2027-01-08");
  });

  it("skips meeting days that already have a meeting (timestamps or dates)", () => {
    expect(nextFreeMeetingDay("2026-01-01", ["2026-01-09", "2026-02-13T00:00:00.000Z"])).toBe("2026-03-13");
    expect(nextFreeMeetingDay("2026-01-01", ["2026-01-10"])).toBe("2026-01-09");
  });

  it("writes the meeting time as the About page does", () => {
    expect(formatTime("19:00")).toBe("7:00 PM");
    expect(formatTime("00:05")).toBe("12:05 AM");
    expect(formatTime("12:30")).toBe("12:30 PM");
  });

  it("splits meetings into upcoming (soonest first, today included) and past (latest first)", () => {
    const list = [
      { date: "2026-01-09" },
      { date: "2026-03-13" },
      { date: "2025-12-12" },
      { date: "2026-02-13" },
    ];
    const { upcoming, past } = splitMeetings(list, "2026-02-13");
    expect(upcoming.map((m) => m.date)).toEqual(["2026-02-13", "2026-03-13"]);
    expect(past.map((m) => m.date)).toEqual(["2026-01-09", "2025-12-12"]);
  });
});
