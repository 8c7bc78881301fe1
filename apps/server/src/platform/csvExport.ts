import type { FastifyReply, FastifyRequest } from "fastify";
import { sendRepresentation } from "./httpCache";
import type { ReadCache } from "./readCache";

/**
 * A cell a spreadsheet would run as a formula (CSV injection): it starts with = + - @, a tab or a
 * carriage return, and is not a plain number. A number is never touched: "-24.00" stays a number
 * a spreadsheet adds up ("'-24.00" was text: SUM skipped it), while "-1+cmd" or "+1 555 0100" are
 * text that starts like a formula.
 */
export const FORMULA_START = /^(?![+-]?(?:\d+(?:\.\d*)?|\.\d+)$)[=+\-@\t\r]/;

/** One CSV field: a cell that starts like a formula gets a leading apostrophe; quoted when it must be. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of fields (no line break). */
export const csvLine = (fields: (string | number | null)[]) => fields.map(csvField).join(",");

/** The UTF-8 byte order mark: how Excel on Windows knows a CSV file is UTF-8. */
export const UTF8_BOM = "\uFEFF";

/**
 * Sends a CSV export (every one goes through here: the library, purchases, dues, results): UTF-8,
 * CRLF lines, with a byte order mark unless the caller asked for none (`?bom=false`), as an
 * attachment under `fileName`, never cached.
 */
export function sendCsv(reply: FastifyReply, csv: string, fileName: string, bom: boolean): FastifyReply {
  return reply
    .type("text/csv; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .send(bom ? `${UTF8_BOM}${csv}` : csv);
}

/**
 * sendCsv for an export anyone may ask for again and again (the library's, the purchases'): made
 * once while the database is unchanged (ReadCache.document), under `key`, which names its options;
 * the byte order mark and today's date are added to it here. Sent with an ETag, compressed once.
 */
export function sendKeptCsv(
  req: FastifyRequest,
  reply: FastifyReply,
  reads: ReadCache,
  doc: { key: string; today: string; make: () => string },
  fileName: string,
  bom: boolean,
): FastifyReply | Promise<FastifyReply> {
  const form = reads.document(`${doc.key}|bom=${bom}|${doc.today}`, () =>
    bom ? `${UTF8_BOM}${doc.make()}` : doc.make(),
  );
  reply.header("content-disposition", `attachment; filename="${fileName}"`);
  // Its words are in the reader's language (the language cookie, Accept-Language).
  return sendRepresentation(
    req,
    reply,
    form,
    "text/csv; charset=utf-8",
    "cookie, accept-language",
    "no-store",
  );
}
