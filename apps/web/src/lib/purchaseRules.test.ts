import { describe, expect, it } from "vitest";
import { finishDateProblem, pastDateProblem, purchasePriceProblem } from "./purchaseRules";

describe("purchase rules (the shared schemas, in the browser)", () => {
  it("wants a price of more than $0", () => {
    expect(purchasePriceProblem(0)).toBe("The price must be more than $0.");
    expect(purchasePriceProblem(-20)).toBe("The price must be more than $0.");
    expect(purchasePriceProblem(null)).toBe("Enter the purchase price.");
    expect(purchasePriceProblem(0.01)).toBeNull();
    expect(purchasePriceProblem(49.99)).toBeNull();
  });

  it("refuses a date after the member's today", () => {
    expect(pastDateProblem("2026-03-02", "2026-03-01")).toBe("The date cannot be in the future.");
    expect(pastDateProblem("2026-03-01", "2026-03-01")).toBeNull();
    expect(pastDateProblem("2020-02-30", "2026-03-01")).toBe("Not a real date.");
    expect(pastDateProblem("", "2026-03-01")).toBe("Choose a date.");
    expect(pastDateProblem("3000-01-01")).toBe("The date cannot be in the future.");
  });

  it("refuses a finish before the purchase", () => {
    expect(finishDateProblem("2025-01-01", "2025-02-01", "2026-03-01")).toBe(
      "The finish date cannot be before the purchase date.",
    );
    expect(finishDateProblem("2025-02-01", "2025-02-01", "2026-03-01")).toBeNull();
  });
});
