import { describe, expect, it } from "vitest";
import { calendarFeedUrls } from "./calendarFeedUrls";

describe("the calendar feed's links", () => {
  it("are built from the address the app is served at", () => {
    expect(calendarFeedUrls({ host: "club.example.org", protocol: "https:" })).toEqual({
      webcal: "webcal://club.example.org/calendar.ics",
      https: "https://club.example.org/calendar.ics",
    });
    expect(calendarFeedUrls({ host: "127.0.0.1:8080", protocol: "http:" }).webcal).toBe(
      "webcal://127.0.0.1:8080/calendar.ics",
    );
  });

  it("ask for the reader's language when it is not English", () => {
    const at = { host: "club.example.org", protocol: "https:" };
    expect(calendarFeedUrls(at, "de")).toEqual({
      webcal: "webcal://club.example.org/calendar.ics?lang=de",
      https: "https://club.example.org/calendar.ics?lang=de",
    });
    expect(calendarFeedUrls(at, "en")).toEqual(calendarFeedUrls(at));
  });
});
