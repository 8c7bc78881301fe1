import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binaryUnit } from "./arbitraries";

/**
 * `binaryUnit` stands in for fast-check's `unit: "binary"` (the Map of every character that unit
 * builds cost 4-10 s of CPU per test worker): the same characters must come from the same draws.
 * fast-check's unit is `mapToConstant` over these two ranges (its StringUnitArbitrary, "binary",
 * "full"); a mapToConstant only builds its Map when asked to map a value back, never here.
 */
const fastChecksBinaryUnit = fc.mapToConstant(
  { num: 0xd800, build: (i) => String.fromCodePoint(i) },
  { num: 0x110000 - 0xe000, build: (i) => String.fromCodePoint(0xe000 + i) },
);

describe("binaryUnit", () => {
  it("draws the same characters as fast-check's binary unit, seed for seed", () => {
    for (const seed of [1, 42, 20261126]) {
      const ours = fc.sample(binaryUnit, { seed, numRuns: 5000 });
      expect(ours).toEqual(fc.sample(fastChecksBinaryUnit, { seed, numRuns: 5000 }));
      expect(new Set(ours).size).toBeGreaterThan(100);
    }
  });

  it("maps a character back to its draw (shrinking), and refuses what it cannot draw", () => {
    for (const char of ["\0", "a", "\ud7ff", "\ue000", "🥃", "\u{10ffff}"])
      expect(binaryUnit.canShrinkWithoutContext(char), JSON.stringify(char)).toBe(true);
    for (const value of ["", "ab", "\ud800", "\udfff", "🥃🥃", 97, null, undefined])
      expect(binaryUnit.canShrinkWithoutContext(value), JSON.stringify(value)).toBe(false);
    // The draws either side of the surrogates are next to each other.
    const unit = fc.string({ unit: binaryUnit, minLength: 1, maxLength: 1 });
    expect(fc.sample(unit, { seed: 7, numRuns: 200 }).every((s) => [...s].length === 1)).toBe(true);
  });
});
