import { describe, expect, it } from "vitest";
import {
  countSummary,
  periodLabel,
  roundTicks,
  spendFigures,
  spendSummary,
  topAndOther,
} from "./statsFigures";

describe("the Stats screen's text alternatives", () => {
  const spend = [
    { period: "2024-01", purchases: 2, dollars: 100 },
    { period: "2024-03", purchases: 1, dollars: 70.5 },
  ];

  it("tables the same figures as the chart, in dollars", () => {
    expect(spendFigures(spend, "Month")).toEqual({
      columns: ["Month", "Purchases", "Spent"],
      rows: [
        ["Jan 2024", 2, "$100.00"],
        ["Mar 2024", 1, "$70.50"],
      ],
    });
  });

  it("sums up a chart in one sentence", () => {
    expect(spendSummary(spend, "month")).toBe("$170.50 spent over 2 months; the most in Jan 2024: $100.00.");
    expect(spendSummary([], "year")).toBe("No purchases yet.");
    expect(
      countSummary(
        [
          { name: "Bourbon", bottles: 5 },
          { name: "Rye", bottles: 3 },
          { name: "Rum", bottles: 2 },
          { name: "Other", bottles: 1 },
        ],
        "type",
      ),
    ).toBe("Bottles by type, most first: Bourbon 5, Rye 3, Rum 2, and 1 more.");
  });

  it("sums the small slices of a donut into one", () => {
    const counts = ["a", "b", "c", "d"].map((name, i) => ({ name, bottles: 4 - i }));
    expect(topAndOther(counts, 2, "Other types")).toEqual([
      { name: "a", bottles: 4 },
      { name: "b", bottles: 3 },
      { name: "Other types", bottles: 3 },
    ]);
    expect(topAndOther(counts.slice(0, 3), 2, "Other types")).toHaveLength(3);
  });
});

describe("the spend charts' axes", () => {
  it("say months in words", () => {
    expect(periodLabel("2026-01")).toBe("Jan 2026");
    expect(periodLabel("2025-12")).toBe("Dec 2025");
    expect(periodLabel("2026")).toBe("2026");
  });

  it("step in round amounts from 0 past the highest value", () => {
    // The finding's chart: $95, $190, $285 for a highest month of about $380.
    expect(roundTicks(380)).toEqual([0, 100, 200, 300, 400]);
    expect(roundTicks(89.99)).toEqual([0, 25, 50, 75, 100]);
    expect(roundTicks(1200)).toEqual([0, 500, 1000, 1500]);
    expect(roundTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(roundTicks(0)).toEqual([0, 1]);
  });
});
