import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, recogniseCatalogue, type ImportField } from "@club/shared";
import de from "../../locales/de/import.json";
import en from "../../locales/en/import.json";
import fr from "../../locales/fr/import.json";
import ja from "../../locales/ja/import.json";
import sv from "../../locales/sv/import.json";

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
    .replace(/[^\p{L}\p{N}%]+/gu, " ")
    .trim();

/**
 * The library export's headers in every language of the app (the server writes them in the
 * reader's): each field's label, and the export's "Last price" and "Last purchased" columns.
 */
const CATALOGUES = [en, de, sv, fr, ja];
const EXPORT_COLUMNS: Partial<Record<ImportField, "column.lastPrice" | "column.lastPurchased">> = {
  price: "column.lastPrice",
  datePurchased: "column.lastPurchased",
};
const translated = (field: ImportField): string[] => {
  const column = EXPORT_COLUMNS[field];
  return CATALOGUES.flatMap((catalogue) => [
    catalogue[`field.${field}`],
    ...(column ? [catalogue[column]] : []),
  ]).map(simplify);
};

/**
 * Each field's column, guessed from the header row: a CellarTracker or Whiskybase export by its own
 * columns; else the exact label first, then known synonyms, then the export's headers in another
 * language of the app.
 */
export function guessMapping(headers: string[]): Mapping {
  const catalogue = recogniseCatalogue(headers);
  if (catalogue) return catalogue.mapping;
  const taken = new Set<string>();
  const guess: Mapping = {};
  for (const field of IMPORT_FIELDS) {
    const wanted = [simplify(IMPORT_FIELD_LABELS[field]), ...SYNONYMS[field], ...translated(field)];
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
