import { describe, expect, it } from "vitest";
import { secondsLeft, TIMES_UP_SECONDS } from "./PhaseBar";

describe("the phase's timer", () => {
  const end = "2026-12-11T19:30:00.000Z";
  const at = (seconds: number) => Date.parse(end) + seconds * 1000;

  it("counts down to 0, says Time's up, then goes: it does not stay up forever", () => {
    expect(secondsLeft(end, at(-61.5))).toBe(62);
    expect(secondsLeft(end, at(-0.2))).toBe(1);
    expect(secondsLeft(end, at(0))).toBe(0);
    expect(secondsLeft(end, at(TIMES_UP_SECONDS - 1))).toBe(0);
    expect(secondsLeft(end, at(TIMES_UP_SECONDS))).toBeNull();
    expect(secondsLeft(end, at(3600))).toBeNull();
  });

  it("is nothing without a timer", () => {
    expect(secondsLeft(null, at(0))).toBeNull();
  });
});
