import { describe, expect, it } from "vitest";
import { FLAVOUR_TAGS, ScoreInputSchema } from "@club/shared";
import { clampPart, draftFrom, scoreTotal, toScoreInput, toggleTag } from "./scoreDraft";

describe("score sheet", () => {
  it("totals the four parts out of 100, each kept in 0-25", () => {
    expect(scoreTotal({ nose: 20, palate: 21, finish: 19, balance: 22 })).toBe(82);
    expect(scoreTotal({ nose: 25, palate: 25, finish: 25, balance: 25 })).toBe(100);
    expect(scoreTotal({ nose: 30, palate: -2, finish: 0, balance: 12.6 })).toBe(38);
    expect(clampPart(Number.NaN)).toBe(0);
  });

  it("builds a body the server accepts; an empty guess is left out", () => {
    const draft = {
      ...draftFrom(undefined),
      nose: 20,
      note: "  Peat smoke  ",
      tags: toggleTag([], "smoky", FLAVOUR_TAGS),
    };
    const body = toScoreInput(3, 2, draft);
    expect(body).toEqual({
      id: 3,
      pour: 2,
      nose: 20,
      palate: 0,
      finish: 0,
      balance: 0,
      note: "Peat smoke",
      tags: ["smoky"],
    });
    expect(ScoreInputSchema.safeParse(body).success).toBe(true);
    const guessed = toScoreInput(3, 2, { ...draft, guess: { abv: 46, drinkTypeId: null, stateId: 4 } });
    expect(guessed.guess).toEqual({ abv: 46, drinkTypeId: null, stateId: 4 });
    expect(ScoreInputSchema.safeParse(guessed).success).toBe(true);
  });

  it("toggles tags in the wheel's order", () => {
    let tags = toggleTag([], "vanilla", FLAVOUR_TAGS);
    tags = toggleTag(tags, "peaty", FLAVOUR_TAGS);
    expect(tags).toEqual(["peaty", "vanilla"]);
    expect(toggleTag(tags, "peaty", FLAVOUR_TAGS)).toEqual(["vanilla"]);
  });
});
