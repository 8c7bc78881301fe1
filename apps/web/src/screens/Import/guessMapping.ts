import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, recogniseCatalogue, type ImportField } from "@club/shared";

/** Which column of the file holds each bottle field, as far as chosen (a field may have none). */
export type Mapping = Partial<Record<ImportField, string>>;

/** Other headers each field goes by in spreadsheets people keep (lower case, no punctuation). */
const SYNONYMS: Record<ImportField, string[]> = {
  name: ["name", "bottle", "bottle name", "whiskey", "whisky", "title"],
  brand: ["brand", "distillery", "producer", "maker"],
  type: ["type", "drink type", "style", "category", "kind"],
  country: ["country", "origin", "nation"],
  region: ["region", "state", "area"],
  abv: ["abv", "alcohol", "strength", "proof abv", "alc", "abv %"],
  size: ["size", "size ml", "volume", "ml", "bottle size"],
  storeLink: ["store link", "link", "url", "store", "shop"],
  price: ["price", "last price", "cost", "paid", "purchase price"],
  datePurchased: ["date purchased", "last purchased", "purchased", "date", "bought", "purchase date"],
};

const simplify = (header: string) =>
  header
    // An export's date columns say their format: "Last purchased (YYYY-MM-DD)".
    .replace(/\s*\((yyyy-mm-dd|yyyy-mm|utc)\)\s*$/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, " ")
    .trim();

/**
 * Each field's column, guessed from the header row: a CellarTracker or Whiskybase export by its own
 * columns; else the exact label first, then known synonyms.
 */
export function guessMapping(headers: string[]): Mapping {
  const catalogue = recogniseCatalogue(headers);
  if (catalogue) return catalogue.mapping;
  const taken = new Set<string>();
  const guess: Mapping = {};
  for (const field of IMPORT_FIELDS) {
    const wanted = [simplify(IMPORT_FIELD_LABELS[field]), ...SYNONYMS[field]];
    const column = wanted
      .map((name) => headers.find((h) => !taken.has(h) && simplify(h) === name))
      .find((h) => h !== undefined);
    if (column !== undefined) {
      guess[field] = column;
      taken.add(column);
    }
  }
  return guess;
}
