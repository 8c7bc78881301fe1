import { describe, expect, it } from "vitest";
import { formatMoney, formatMonth } from "./money";

describe("money and months on the dues screens", () => {
  it("formats dollars with cents, a thousands separator and a leading minus", () => {
    expect(formatMoney(52)).toBe("$52.00");
    expect(formatMoney(12.5)).toBe("$12.50");
    expect(formatMoney(-12)).toBe("-$12.00");
    expect(formatMoney(1052.05)).toBe("$1,052.05");
    expect(formatMoney(0.1 + 0.2)).toBe("$0.30");
    expect(formatMoney(-0.001)).toBe("$0.00");
  });

  it("names months", () => {
    expect(formatMonth("2026-03")).toBe("March 2026");
    expect(formatMonth("2025-12")).toBe("December 2025");
    expect(formatMonth(null)).toBe("Nothing yet");
  });
});
