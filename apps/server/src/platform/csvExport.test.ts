import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csvExport";

/** The formula guard of every CSV export: text that starts like a formula is defused, a number never. */
describe("a CSV export's cells", () => {
  it("writes numbers as numbers, negative ones included: a spreadsheet adds them up", () => {
    for (const n of ["-24.00", "-520", "-0.50", "+12", "12.00", "-.5"]) expect(csvField(n)).toBe(n);
    expect(csvField(-24)).toBe("-24");
    const parsed = Papa.parse<{ amount: unknown }>(
      `${csvLine(["amount"])}\r\n${["-24.00", "52.00", "-520.00"].map((a) => csvLine([a])).join("\r\n")}\r\n`,
      { header: true, dynamicTyping: true, skipEmptyLines: true },
    );
    expect(parsed.data.map((r) => r.amount)).toEqual([-24, 52, -520]);
  });

  it("defuses text a spreadsheet would run: = + - @, a tab or a return first", () => {
    for (const [cell, out] of [
      ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
      ["-2+3", "'-2+3"],
      ["+1 555 0100", "'+1 555 0100"],
      ["@cmd", "'@cmd"],
      ["-1+cmd|' /C calc'!A0", "'-1+cmd|' /C calc'!A0"],
      ["\t-1", "'\t-1"],
      ["-24.00 cash", "'-24.00 cash"],
      ["=1,2", `"'=1,2"`],
    ] as const)
      expect(csvField(cell), cell).toBe(out);
  });
});
