import { describe, expect, it } from "vitest";
import { readsFor } from "./nightEvents";

describe("live events", () => {
  it("a reveal refetches the flight, the results and the meeting's bottles", () => {
    expect(readsFor("reveal")).toEqual(expect.arrayContaining(["flight", "results", "meeting"]));
  });
  it("the first event of each connection refetches everything; a score only the results", () => {
    expect(readsFor("settings")).toHaveLength(8);
    expect(readsFor("scores")).toEqual(["results"]);
    expect(readsFor("rsvp")).toEqual(["rsvps", "myRsvp"]);
  });
  it("the host's phase refetches the night read; a guest joining the host's list", () => {
    expect(readsFor("phase")).toEqual(["night"]);
    expect(readsFor("guests")).toEqual(["guests", "results"]);
  });
});
