import { describe, expect, it } from "vitest";
import type { DateOrder, ImportFormats } from "@club/shared";
import { detectFormats, readDate, readNumber, type NumberKind } from "./cellFormats";

type Formats = Pick<ImportFormats, "decimalMark" | "thousandsSeparator">;
const EU: Formats = { decimalMark: ",", thousandsSeparator: "." };
const US: Formats = { decimalMark: ".", thousandsSeparator: "," };
const SPACE: Formats = { decimalMark: ",", thousandsSeparator: " " };
const SWISS: Formats = { decimalMark: ".", thousandsSeparator: "'" };
const PLAIN_COMMA: Formats = { decimalMark: ",", thousandsSeparator: "" };

/** Real-world cells from spreadsheets' CSV exports: the value each format reads, or null (a problem). */
const NUMBER_CELLS: [cell: string, kind: NumberKind, formats: Formats, expected: number | null][] = [
  ["1.250,00", "price", EU, 1250],
  ["1.250,00", "price", US, null], // never 1.25
  ["1,250.00", "price", US, 1250],
  ["1,250.00", "price", EU, null],
  ["1 250,00", "price", SPACE, 1250],
  ["1\u00a0250,00", "price", SPACE, 1250], // Excel's no-break space
  ["1\u202f250,00", "price", SPACE, 1250], // and the narrow one (French locales)
  ["1 250,00", "price", EU, null],
  ["1'250.00", "price", SWISS, 1250],
  ["1'250.00", "price", US, null],
  ["79,90 €", "price", EU, 79.9],
  ["€79,90", "price", EU, 79.9],
  ["79,90 €", "price", US, null],
  ["$1,299", "price", US, 1299],
  ["$1,299", "price", EU, 1.299], // read, then refused by the import: more than 2 decimals
  ["CHF 1'250.50", "price", SWISS, 1250.5],
  ["57,1 %", "percent", EU, 57.1],
  ["57,1%", "percent", PLAIN_COMMA, 57.1],
  ["57,1 %", "percent", US, null],
  ["46.3%", "percent", US, 46.3],
  ["46.3", "plain", US, 46.3],
  ["46", "plain", EU, 46],
  ["1250", "price", EU, 1250],
  ["1.25", "price", EU, null], // a group of two digits: not a thousands separator
  ["1,25", "price", US, null],
  ["1,2,3", "price", US, null],
  ["12,50,00", "price", EU, null],
  ["-5", "price", US, null],
  ["", "price", US, null],
  ["abc", "price", US, null],
  ["50 %", "price", US, null], // % only where a percentage is meant
  ["$50", "percent", US, null],
];

describe("number cells", () => {
  it.each(NUMBER_CELLS)("%s (%s, decimal %j) -> %s", (cell, kind, formats, expected) => {
    const read = readNumber(cell, formats, kind);
    if (expected === null) expect(read.ok).toBe(false);
    else expect(read).toEqual({ ok: true, value: expected });
  });
});

const DATE_CELLS: [cell: string, order: DateOrder, expected: string | null][] = [
  ["31.12.2025", "DMY", "2025-12-31"],
  ["31.12.2025", "MDY", null],
  ["31.12.2025", "YMD", null],
  ["12/31/2025", "MDY", "2025-12-31"],
  ["12/31/2025", "DMY", null],
  ["31/12/2025", "DMY", "2025-12-31"],
  ["31/12/2025", "MDY", null],
  ["2025-12-31", "YMD", "2025-12-31"],
  ["2025-12-31", "DMY", "2025-12-31"], // a four-digit year first is never day-first
  ["2025-12-31", "MDY", "2025-12-31"],
  ["2026-03-21T19:00:00.000Z", "YMD", "2026-03-21"],
  ["05/04/2025", "DMY", "2025-04-05"],
  ["05/04/2025", "MDY", "2025-05-04"],
  ["1.2.2025", "DMY", "2025-02-01"],
  ["31.02.2025", "DMY", null], // no such day
  ["31/12/25", "DMY", null], // a two-digit year is not guessed
  ["2025/13/01", "YMD", null],
  ["31-12.2025", "DMY", null],
  ["yesterday", "DMY", null],
];

describe("date cells", () => {
  it.each(DATE_CELLS)("%s (%s) -> %s", (cell, order, expected) => {
    const read = readDate(cell, order);
    if (expected === null) expect(read.ok).toBe(false);
    else expect(read).toEqual({ ok: true, value: expected });
  });
});

describe("detecting a file's formats", () => {
  it("reads the evidence in the cells", () => {
    expect(detectFormats(["1.250,00", "79,90"], ["31.12.2025"], ";")).toEqual({
      decimalMark: ",",
      thousandsSeparator: ".",
      dateOrder: "DMY",
    });
    expect(detectFormats(["1,250.00", "$79.90"], ["12/31/2025", "01/02/2025"], ",")).toEqual({
      decimalMark: ".",
      thousandsSeparator: ",",
      dateOrder: "MDY",
    });
    expect(detectFormats(["1 250,00", "57,1 %"], ["2025-12-31"], ",")).toEqual({
      decimalMark: ",",
      thousandsSeparator: " ",
      dateOrder: "YMD",
    });
    expect(detectFormats(["1'250.00"], ["31/12/2025"], ",")).toEqual({
      decimalMark: ".",
      thousandsSeparator: "'",
      dateOrder: "DMY",
    });
  });

  it("falls back on the delimiter when the cells say nothing (1,250 could be either)", () => {
    expect(detectFormats(["1250", "40"], ["01/02/2025"], ";")).toMatchObject({
      decimalMark: ",",
      dateOrder: "DMY",
    });
    expect(detectFormats(["1250", "40"], ["01/02/2025"], ",")).toMatchObject({
      decimalMark: ".",
      dateOrder: "MDY",
    });
    expect(detectFormats([], [], ",")).toEqual({
      decimalMark: ".",
      thousandsSeparator: ",",
      dateOrder: "YMD",
    });
  });
});
