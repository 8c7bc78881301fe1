/** The delimiters a spreadsheet's CSV uses: comma, semicolon (where the comma is the decimal mark), tab, bar. */
export const CSV_DELIMITERS = [",", ";", "\t", "|"] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export const CSV_DELIMITER_LABELS: Record<CsvDelimiter, string> = {
  ",": "Comma (,)",
  ";": "Semicolon (;)",
  "\t": "Tab",
  "|": "Bar (|)",
};

/** Records looked at to decide: plenty for a header and its rows, bounded work. */
const SAMPLE_RECORDS = 20;

/** The first records of a CSV text (line breaks inside quotes kept), empty lines left out. */
function firstRecords(text: string, max: number): string[] {
  const records: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length && records.length < max; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === "\n" && !quoted) {
      const record = text.slice(start, i).replace(/\r$/, "");
      if (record.trim() !== "") records.push(record);
      start = i + 1;
    }
  }
  const last = text.slice(start).replace(/\r$/, "");
  if (records.length < max && last.trim() !== "" && !quoted) records.push(last);
  return records;
}

/** Fields of a record with this delimiter (outside quotes). */
function fieldCount(record: string, delimiter: string): number {
  let quoted = false;
  let fields = 1;
  for (const c of record) {
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) fields += 1;
  }
  return fields;
}

/**
 * The delimiter of a CSV file, from its header and first rows: the one that splits the header into
 * two or more columns and the most rows into as many (a decimal comma in a semicolon file splits
 * rows into a different number of fields than the header); on a tie, the one giving more columns.
 * A file with one column is comma-separated. The import's preview lets the member change it.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const records = firstRecords(text.replace(/^\uFEFF/, ""), SAMPLE_RECORDS);
  const [header, ...rows] = records;
  if (header === undefined) return ",";
  let best: { delimiter: CsvDelimiter; fit: number; columns: number } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const columns = fieldCount(header, delimiter);
    if (columns < 2) continue;
    const fit = rows.filter((r) => fieldCount(r, delimiter) === columns).length;
    if (!best || fit > best.fit || (fit === best.fit && columns > best.columns))
      best = { delimiter, fit, columns };
  }
  return best?.delimiter ?? ",";
}
