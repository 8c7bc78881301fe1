import { describe, expect, it } from "vitest";
import { FlightInputSchema } from "@club/shared";
import { addPours, move, removePour, toFlightInput } from "./flightOrder";

const pours = addPours(
  [],
  [
    { id: 5, name: "Ardbeg" },
    { id: 9, name: "Bowmore" },
    { id: 2, name: "Caol Ila" },
  ],
);

describe("flight editor", () => {
  it("adds several bottles at once at 25 ml, never the same bottle twice", () => {
    expect(pours.map((p) => [p.bottleId, p.pourMl])).toEqual([
      [5, 25],
      [9, 25],
      [2, 25],
    ]);
    const more = addPours(pours, [
      { id: 9, name: "Bowmore" },
      { id: 7, name: "Dalmore" },
      { id: 7, name: "Dalmore" },
    ]);
    expect(more.map((p) => p.bottleId)).toEqual([5, 9, 2, 7]);
  });

  it("moves a pour up and down, not past either end", () => {
    expect(move(pours, 2, -1).map((p) => p.name)).toEqual(["Ardbeg", "Caol Ila", "Bowmore"]);
    expect(move(pours, 0, 1).map((p) => p.name)).toEqual(["Bowmore", "Ardbeg", "Caol Ila"]);
    expect(move(pours, 0, -1)).toEqual(pours);
    expect(move(pours, 2, 1)).toEqual(pours);
    expect(removePour(pours, 1).map((p) => p.name)).toEqual(["Ardbeg", "Caol Ila"]);
  });

  it("sends the pours in order, which the server's schema accepts", () => {
    const body = toFlightInput(4, move(pours, 1, 1));
    expect(body.pours).toEqual([
      { bottleId: 5, pourMl: 25 },
      { bottleId: 2, pourMl: 25 },
      { bottleId: 9, pourMl: 25 },
    ]);
    expect(FlightInputSchema.safeParse(body).success).toBe(true);
  });
});
