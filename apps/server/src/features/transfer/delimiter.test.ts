import { describe, expect, it } from "vitest";
import { detectDelimiter } from "@club/shared";
import { parseCsv } from "./csvFile";

/** A spreadsheet's CSV as Excel saves it in a decimal-comma locale: semicolons, CRLF, a final line break. */
const EXCEL_SEMICOLON = [
  "Name;Brand;Type;ABV;Price;Size;Bought",
  "Lagavulin 16;Lagavulin;Single Malt Scotch;43;79,90;0,7 l;31.12.2025",
  "Ardbeg Uigeadail;Ardbeg;Single Malt Scotch;54;89,50;0,7 l;05.04.2025",
  "Redbreast 12;Redbreast;Irish Single Pot Still;40;64,99;0,7 l;01.02.2025",
  "",
].join("\r\n");

describe("the delimiter of an imported CSV", () => {
  it("is the semicolon of Excel's decimal-comma file with five columns or more and its final line break", async () => {
    expect(detectDelimiter(EXCEL_SEMICOLON)).toBe(";");
    const table = await parseCsv(Buffer.from(`\ufeff${EXCEL_SEMICOLON}`));
    expect(table.delimiter).toBe(";");
    expect(table.header).toEqual(["Name", "Brand", "Type", "ABV", "Price", "Size", "Bought"]);
    expect(table.rows[1]).toMatchObject({ Name: "Ardbeg Uigeadail", ABV: "54", Price: "89,50" });
  });

  it("is the comma of a comma file, semicolons in its notes or not; a tab or a bar when those split it", () => {
    expect(detectDelimiter('Name,ABV,Note\r\nA,40,"peat; smoke"\r\nB,46,sweet; soft\r\n')).toBe(",");
    expect(detectDelimiter("Name\tABV\tPrice\nA\t40\t79,90\n")).toBe("\t");
    expect(detectDelimiter("Name|ABV\nA|40\n")).toBe("|");
    expect(detectDelimiter("Name\nA\n")).toBe(",");
    expect(detectDelimiter("")).toBe(",");
  });

  it("the member's choice wins over the guess", async () => {
    const table = await parseCsv(Buffer.from("Name;ABV\r\nA;40\r\n"), ",");
    expect(table.header).toEqual(["Name;ABV"]);
  });
});
