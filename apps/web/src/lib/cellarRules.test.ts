import { describe, expect, it } from "vitest";
import { CellarMessages } from "@club/shared";
import { openedDateProblem } from "./cellarRules";
import { FUTURE_DATE } from "./purchaseRules";

describe("openedDateProblem", () => {
  it("accepts the purchase day up to today", () => {
    expect(openedDateProblem("2026-01-05", "2026-01-05", "2026-04-20")).toBeNull();
    expect(openedDateProblem("2026-04-20", "2026-01-05", "2026-04-20")).toBeNull();
  });

  it("refuses a date before the purchase, after today, or none", () => {
    expect(openedDateProblem("2026-01-04", "2026-01-05", "2026-04-20")).toBe(
      CellarMessages.openedBeforePurchase,
    );
    expect(openedDateProblem("2026-04-21", "2026-01-05", "2026-04-20")).toBe(FUTURE_DATE);
    expect(openedDateProblem("", "2026-01-05", "2026-04-20")).toBe("Choose a date.");
  });
});
