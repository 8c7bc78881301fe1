import Papa from "papaparse";
import { detectDelimiter, type CsvDelimiter } from "@club/shared";

/**
 * The file's header row and its delimiter, read in the browser to offer the columns (the server
 * parses the rest): the delimiter chosen, else the one the server detects too (detectDelimiter).
 */
export async function readHeader(
  file: File,
  chosen?: CsvDelimiter,
): Promise<{ header: string[]; delimiter: CsvDelimiter }> {
  const text = (await file.slice(0, 64 * 1024).text()).replace(/^\uFEFF/, "");
  const delimiter = chosen ?? detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: "greedy", delimiter });
  return { header: (parsed.data[0] ?? []).map((h) => h.trim()).filter((h) => h !== ""), delimiter };
}
