import Papa from "papaparse";
import { IMPORT_FIELDS, IMPORT_MAX_ROWS, TransferMessages, type ImportMapping } from "@club/shared";
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
  /** The delimiter papaparse found (`,` `;` tab...): a hint for the file's number format. */
  delimiter: string;
  /** Each row as column header -> cell (trimmed). */
  rows: Record<string, string>[];
}

/** How much of the file papaparse reads between two turns of the event loop (a few ms each). */
const PARSE_CHUNK_CHARS = 16 * 1024;

/** Gives the event loop a turn: other requests run between two slices of a long job. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * papaparse in slices of PARSE_CHUNK_CHARS with a turn of the event loop after each, so a 2 MB
 * file never holds the server for more than a few milliseconds at a time.
 */
function parseInSlices(
  text: string,
): Promise<{ data: string[][]; errors: Papa.ParseError[]; delimiter: string }> {
  return new Promise((resolve) => {
    const data: string[][] = [];
    const errors: Papa.ParseError[] = [];
    let delimiter = ",";
    Papa.parse<string[]>(text, {
      skipEmptyLines: "greedy",
      chunkSize: PARSE_CHUNK_CHARS,
      chunk: (result: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        for (const row of result.data) data.push(row);
        for (const error of result.errors) errors.push(error);
        delimiter = result.meta.delimiter;
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve({ data, errors, delimiter }),
    });
  });
}

/** Reads an uploaded CSV: 400 for binary or malformed files, too many rows or no rows at all. */
export async function parseCsv(data: Buffer): Promise<CsvTable> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    throw new BadRequestError(TransferMessages.notCsv);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw new BadRequestError(TransferMessages.notCsv);
  const parsed = await parseInSlices(text.replace(/^\uFEFF/, ""));
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
  return { header, rows, delimiter: parsed.delimiter };
}

/** 400 when the mapping names (or ignores) a column the file does not have, or maps one it ignores. */
export function checkMapping(table: CsvTable, mapping: ImportMapping): void {
  const ignored = new Set(mapping.ignore ?? []);
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    if (!table.header.includes(column)) throw new BadRequestError(TransferMessages.unknownColumn(column));
    if (ignored.has(column)) throw new BadRequestError(TransferMessages.ignoredAndMapped(column));
  }
  for (const column of ignored)
    if (!table.header.includes(column)) throw new BadRequestError(TransferMessages.unknownColumn(column));
}
