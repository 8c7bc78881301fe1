import { describe, expect, it } from "vitest";
import { countSummary, spendFigures, spendSummary, topAndOther } from "./statsFigures";

describe("the Stats screen's text alternatives", () => {
  const spend = [
    { period: "2024-01", purchases: 2, dollars: 100 },
    { period: "2024-03", purchases: 1, dollars: 70.5 },
  ];

  it("tables the same figures as the chart, in dollars", () => {
    expect(spendFigures(spend, "Month")).toEqual({
      columns: ["Month", "Purchases", "Spent"],
      rows: [
        ["2024-01", 2, "$100.00"],
        ["2024-03", 1, "$70.50"],
      ],
    });
  });

  it("sums up a chart in one sentence", () => {
    expect(spendSummary(spend, "month")).toBe("$170.50 spent over 2 months; the most in 2024-01: $100.00.");
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
