import { describe, expect, it } from "vitest";
import { groupRsvps, guestsLabel } from "./rsvpSummary";

const r = (
  firstName: string,
  status: "going" | "maybe" | "declined",
  guests = 0,
  waitlistPosition: number | null = null,
) => ({
  member: { firstName, lastName: "X" },
  status,
  guests,
  waitlistPosition,
});

describe("who is coming", () => {
  it("groups places, the waitlist in order, maybe and not going, and counts people with guests", () => {
    const g = groupRsvps([
      r("Ann", "going", 2),
      r("Cat", "going", 0, 2),
      r("Bob", "going", 0, 1),
      r("Dan", "maybe"),
      r("Eve", "declined"),
    ]);
    expect(g.going.map((x) => x.member?.firstName)).toEqual(["Ann"]);
    expect(g.waiting.map((x) => x.member?.firstName)).toEqual(["Bob", "Cat"]);
    expect([g.maybe.length, g.declined.length, g.people, g.guests]).toEqual([1, 1, 3, 2]);
    expect([guestsLabel(0), guestsLabel(1), guestsLabel(3)]).toEqual(["", "+1 guest", "+3 guests"]);
  });

  it("counts a visitor's answers, which come without names", () => {
    const g = groupRsvps([
      { ...r("Ann", "going", 2), member: null },
      { ...r("Bob", "going", 0, 1), member: null },
      { ...r("Dan", "maybe"), member: null },
    ]);
    expect([g.going.length, g.waiting.length, g.maybe.length, g.people, g.guests]).toEqual([1, 1, 1, 3, 2]);
  });
});
