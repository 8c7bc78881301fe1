import Papa from "papaparse";
import { IMPORT_MAX_ROWS, TransferMessages, type ImportMapping } from "@club/shared";
import { BadRequestError } from "../../api/errors";

/** papaparse's own formula pattern misses cells with a line break; this one does not. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV file from rows (papaparse's unparse, CRLF): a cell starting with = + - @ gets a leading
 * apostrophe so a spreadsheet shows it as text instead of running it (CSV injection).
 */
export const toCsv = (header: string[], rows: (string | number | null)[][]): string =>
  `${Papa.unparse({ fields: header, data: rows }, { escapeFormulae: FORMULA_START, newline: "\r\n" })}\r\n`;

/** Undoes toCsv's apostrophe, so an exported file imports with its names unchanged. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

export interface CsvTable {
  header: string[];
  /** Each row as column header -> cell (trimmed). */
  rows: Record<string, string>[];
}

/** Reads an uploaded CSV: 400 for binary or malformed files, too many rows or no rows at all. */
export function parseCsv(data: Buffer): CsvTable {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    throw new BadRequestError(TransferMessages.notCsv);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw new BadRequestError(TransferMessages.notCsv);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const fatal = parsed.errors.find((e) => e.type === "Quotes");
  if (fatal) throw new BadRequestError(TransferMessages.notCsv);
  const [headerRow, ...body] = parsed.data;
  const header = (headerRow ?? []).map((h) => h.trim());
  if (header.length === 0 || header.every((h) => h === ""))
    throw new BadRequestError(TransferMessages.notCsv);
  if (body.length === 0) throw new BadRequestError(TransferMessages.noRows);
  if (body.length > IMPORT_MAX_ROWS) throw new BadRequestError(TransferMessages.tooManyRows);
  const rows = body.map((cells) =>
    Object.fromEntries(header.map((h, i) => [h, unescapeFormula((cells[i] ?? "").trim())])),
  );
  return { header, rows };
}

/** 400 when the mapping names a column the file does not have. */
export function checkMapping(table: CsvTable, mapping: ImportMapping): void {
  for (const column of Object.values(mapping)) {
    if (column !== undefined && !table.header.includes(column))
      throw new BadRequestError(TransferMessages.unknownColumn(column));
  }
}
