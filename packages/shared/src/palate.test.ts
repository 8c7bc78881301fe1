import { describe, expect, it } from "vitest";
import { consensusTags, countTags, trimmedInWords, trimmedTotals, versusRoomInWords } from "./palate";

describe("the room's palate", () => {
  it("the trimmed average leaves out the highest and the lowest from five scores on, nothing before", () => {
    expect(trimmedTotals([90, 40, 70, 80])).toEqual([40, 70, 80, 90]);
    expect(trimmedTotals([90, 40, 70, 80, 75])).toEqual([70, 75, 80]);
    // One of a tied highest goes, not both.
    expect(trimmedTotals([90, 90, 40, 70, 80])).toEqual([70, 80, 90]);
  });

  it("counts each taster's tag once, most given first", () => {
    expect(countTags([["smoky", "peaty", "smoky"], ["peaty"], []])).toEqual([
      { tag: "peaty", count: 2 },
      { tag: "smoky", count: 1 },
    ]);
  });

  it("the consensus is the tags more than half of the tasters gave", () => {
    const tags = [
      { tag: "peaty", count: 3 },
      { tag: "smoky", count: 2 },
    ];
    expect(consensusTags(tags, 4)).toEqual(["peaty"]);
    expect(consensusTags(tags, 3)).toEqual(["peaty", "smoky"]);
    expect(consensusTags(tags, 7)).toEqual([]);
  });

  it("says the trimmed average in words", () => {
    expect(trimmedInWords(4)).toBe("Fewer than 5 scores: nothing is left out, so it is the plain average.");
    expect(trimmedInWords(6)).toBe("The highest and the lowest of the 6 scores are left out.");
  });

  it("says a member's average against the room's in words", () => {
    expect(versusRoomInWords(68, 67.7)).toBe("0.3 points above the room");
    expect(versusRoomInWords(70, 71)).toBe("1 point below the room");
    expect(versusRoomInWords(70, 70)).toBe("level with the room");
  });
});
