import { describe, expect, it } from "vitest";
import type { FlightPour, Rsvp } from "@club/shared";
import { defaultPaper, paperPourName, paperTasters } from "./paper";

const rsvp = (
  firstName: string,
  status: Rsvp["status"],
  guests = 0,
  waitlistPosition: number | null = null,
): Rsvp => ({
  member: { firstName, lastName: "X" },
  status,
  guests,
  waitlistPosition,
});

describe("the night's paper", () => {
  it("prints a sheet for the host, each member with a place or a maybe, each joined guest, and blanks for the guests still to come", () => {
    const sheets = paperTasters(
      [
        rsvp("Ann", "going", 2),
        rsvp("Bob", "maybe", 1),
        rsvp("Cy", "going", 0, 1),
        rsvp("Di", "declined"),
        rsvp("Hal", "going"),
      ],
      [{ firstName: "Gina", guestOf: "Ann" }],
      null,
      "Hal X",
    );
    expect(sheets).toEqual([
      { name: "Hal X", guestOf: null },
      { name: "Ann X", guestOf: null },
      { name: "Bob X", guestOf: null },
      { name: "Gina", guestOf: "Ann" },
      { name: null, guestOf: null },
      { name: null, guestOf: null },
    ]);
    expect(paperTasters([rsvp("Ann", "going", 2)], [], 0)).toHaveLength(1);
    expect(paperTasters([rsvp("Ann", "going")], [], 3)).toHaveLength(4);
  });

  it("prints at least one sheet", () => {
    expect(paperTasters([], [], null)).toEqual([{ name: null, guestOf: null }]);
    expect(paperTasters([], [], 0)).toHaveLength(1);
  });

  it("names a blind pour only once it is revealed", () => {
    const bottle = { id: 1, name: "Lagavulin 16" } as FlightPour["bottle"];
    const pour = (revealed: boolean): FlightPour => ({
      pour: 2,
      label: "Dram 2",
      bottle,
      revealed,
      pourMl: 25,
    });
    // The host's flight carries the bottle of a hidden pour: the sheet still says "Dram 2".
    expect(paperPourName(pour(false), true)).toBe("Dram 2");
    expect(paperPourName(pour(true), true)).toBe("Dram 2: Lagavulin 16");
    expect(paperPourName(pour(false), false)).toBe("Dram 2: Lagavulin 16");
    expect(paperPourName({ ...pour(false), bottle: null }, false)).toBe("Dram 2");
  });

  it("suggests Letter where it is the usual paper, A4 elsewhere", () => {
    expect(defaultPaper("en-US")).toBe("letter");
    expect(defaultPaper("fr-CA")).toBe("letter");
    expect(defaultPaper("en-GB")).toBe("a4");
    expect(defaultPaper("de")).toBe("a4");
    expect(defaultPaper(undefined)).toBe("a4");
  });
});
