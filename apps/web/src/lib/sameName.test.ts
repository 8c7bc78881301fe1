import { describe, expect, it } from "vitest";
import { nameKey, sameName } from "./sameName";

describe("sameName", () => {
  it("ignores case, accents and spacing, nothing else", () => {
    expect(sameName("Redbreast 12", "redbreast 12")).toBe(true);
    expect(sameName("Rédbreast  12 ", "REDBREAST 12")).toBe(true);
    expect(sameName("Redbreast 12", "Redbreast 15")).toBe(false);
    expect(sameName("Redbreast 12", "Redbreast 12 Cask Strength")).toBe(false);
    expect(nameKey("  Glenfarclas   12 ")).toBe("glenfarclas 12");
  });
});
