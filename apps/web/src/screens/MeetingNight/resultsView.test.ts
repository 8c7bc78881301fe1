import { describe, expect, it } from "vitest";
import type { MyScore, PourResult } from "@club/shared";
import { figure, ranking, versusClub } from "./resultsView";

const result = (pour: number, rank: number | null, average: number | null) =>
  ({ pour, rank, average }) as PourResult;

describe("results", () => {
  it("ranks scored pours, best first; unscored ones are left out", () => {
    expect(ranking([result(1, 2, 80), result(2, null, null), result(3, 1, 90)]).map((r) => r.pour)).toEqual([
      3, 1,
    ]);
  });
  it("shows figures to one decimal and my total beside the club's", () => {
    expect([figure(83.333), figure(null), figure(80)]).toEqual(["83.3", "—", "80"]);
    const mine = { total: 85 } as MyScore;
    expect(versusClub(mine, result(1, 1, 82.5))).toBe("+2.5");
    expect(versusClub({ total: 80 } as MyScore, result(1, 1, 82))).toBe("−2");
    expect(versusClub(undefined, result(1, 1, 82))).toBeNull();
  });
});
