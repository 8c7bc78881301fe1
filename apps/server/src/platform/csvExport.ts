import type { FastifyReply } from "fastify";

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
