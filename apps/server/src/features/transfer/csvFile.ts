import { isUtf8 } from "node:buffer";
import Papa from "papaparse";
import { nextTurn } from "../../platform/longJobs";
import {
  detectDelimiter,
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  TransferMessages,
  type CsvDelimiter,
  type ImportMapping,
} from "@club/shared";
import { BadRequestError } from "../../kernel/errors";
import { FORMULA_START } from "../../platform/csvExport";

/**
 * A CSV file from rows (papaparse's unparse, CRLF): a cell that starts like a formula
 * (FORMULA_START: = + - @, never a number) gets a leading apostrophe so a spreadsheet shows it as
 * text instead of running it (CSV injection). papaparse's own pattern misses cells with a line break.
 */
export const toCsv = (header: string[], rows: (string | number | null)[][]): string =>
  `${Papa.unparse({ fields: header, data: rows }, { escapeFormulae: FORMULA_START, newline: "\r\n" })}\r\n`;

/** Undoes toCsv's apostrophe, so an exported file imports with its names unchanged. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

export interface CsvTable {
  header: string[];
  /** The delimiter the file was read with (the member's, else detected): a hint for its number format. */
  delimiter: CsvDelimiter;
  /** Each row as column header -> cell (trimmed). */
  rows: Record<string, string>[];
}

/** Rows turned into records between two turns of the event loop. */
const ROWS_PER_SLICE = 500;

/** How much of the file papaparse reads between two turns of the event loop (a few ms each). */
const PARSE_CHUNK_CHARS = 16 * 1024;

/** Gives the event loop a turn: other requests run between two slices of a long job. */
export const yieldToEventLoop = nextTurn;

/**
 * papaparse on pieces of about PARSE_CHUNK_CHARS that end at a line break outside quotes, with a
 * turn of the event loop after each, so a 2 MB file never holds the server for more than a few
 * milliseconds at a time. (papaparse's own chunk mode cost ~25 ms a chunk whatever its size.)
 */
async function parseInSlices(
  text: string,
  chosen?: CsvDelimiter,
): Promise<{ data: string[][]; errors: Papa.ParseError[]; delimiter: CsvDelimiter }> {
  // The member's, else detected from the header and the first rows (papaparse's own guess
  // picked the comma for a semicolon file with decimal commas and a final line break).
  const delimiter = chosen ?? detectDelimiter(text.slice(0, 64 * 1024));
  const data: string[][] = [];
  const errors: Papa.ParseError[] = [];
  let start = 0;
  let quoted = false;
  let i = 0;
  while (start < text.length) {
    // The next line break outside quotes at or after start + PARSE_CHUNK_CHARS (or the end).
    const wanted = start + PARSE_CHUNK_CHARS;
    let end = text.length;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted && i >= wanted) {
        end = i + 1;
        i += 1;
        break;
      }
    }
    const piece = Papa.parse<string[]>(text.slice(start, end), { delimiter, skipEmptyLines: "greedy" });
    for (const row of piece.data) data.push(row);
    for (const error of piece.errors) errors.push(error);
    start = end;
    if (start < text.length) await yieldToEventLoop();
  }
  return { data, errors, delimiter };
}

/** Reads an uploaded CSV: 400 for binary or malformed files, too many rows or no rows at all. */
export async function parseCsv(data: Buffer, delimiter?: CsvDelimiter): Promise<CsvTable> {
  // isUtf8 (simdutf) then toString: TextDecoder's fatal mode took 60 ms of the event loop for 2 MB.
  if (!isUtf8(data)) throw new BadRequestError(TransferMessages.notCsv);
  const text = data.toString("utf8");
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw new BadRequestError(TransferMessages.notCsv);
  const parsed = await parseInSlices(text.replace(/^\uFEFF/, ""), delimiter);
  const fatal = parsed.errors.find((e) => e.type === "Quotes");
  if (fatal) throw new BadRequestError(TransferMessages.notCsv);
  const [headerRow, ...body] = parsed.data;
  const header = (headerRow ?? []).map((h) => h.trim());
  if (header.length === 0 || header.every((h) => h === ""))
    throw new BadRequestError(TransferMessages.notCsv);
  if (body.length === 0) throw new BadRequestError(TransferMessages.noRows);
  if (body.length > IMPORT_MAX_ROWS) throw new BadRequestError(TransferMessages.tooManyRows);
  const rows: Record<string, string>[] = [];
  for (let start = 0; start < body.length; start += ROWS_PER_SLICE) {
    if (start > 0) await yieldToEventLoop();
    for (const cells of body.slice(start, start + ROWS_PER_SLICE))
      rows.push(Object.fromEntries(header.map((h, i) => [h, unescapeFormula((cells[i] ?? "").trim())])));
  }
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
