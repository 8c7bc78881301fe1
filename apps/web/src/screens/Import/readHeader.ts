import Papa from "papaparse";

/** The file's header row, read in the browser to offer the columns (the server parses the rest). */
export async function readHeader(file: File): Promise<string[]> {
  const text = await file.slice(0, 64 * 1024).text();
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { preview: 1, skipEmptyLines: "greedy" });
  return (parsed.data[0] ?? []).map((h) => h.trim()).filter((h) => h !== "");
}
