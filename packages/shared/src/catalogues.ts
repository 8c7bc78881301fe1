import type { ImportField } from "./transfer";

/**
 * The exports of the big catalogues a club moves in from, recognised by their header row: which of
 * their columns holds each bottle field. Only the columns the library keeps are mapped; the rest
 * (ratings, drinking windows, cellar locations...) are left out.
 *
 * - CellarTracker's list export ("Wine" the name, "Producer" the brand, "iWine" its id) has no ABV
 *   column: the review asks for each new bottle's ABV. Its "Type" is the wine type ("Spirits",
 *   "Red"), not a drink type, so it is left out. Its purchases export adds "PurchaseDate".
 * - Whiskybase's collection export names the distillery, the strength ("46.0 % Vol.") and the size
 *   ("70 cl"), and the member's purchase price and date.
 */
export interface CatalogueExport {
  label: string;
  /** Headers every export of it has (compared ignoring case and spaces). */
  signature: string[];
  /** For each field, the catalogue's column names it may come under, the first found wins. */
  columns: Partial<Record<ImportField, string[]>>;
}

export const CATALOGUE_EXPORTS = {
  cellarTracker: {
    label: "CellarTracker",
    signature: ["iWine", "Wine", "Producer"],
    columns: {
      name: ["Wine"],
      brand: ["Producer"],
      country: ["Country"],
      region: ["Region"],
      size: ["Size"],
      price: ["Price"],
      datePurchased: ["PurchaseDate", "Purchase Date"],
    },
  },
  whiskybase: {
    label: "Whiskybase",
    signature: ["Name", "Distillery", "Strength"],
    columns: {
      name: ["Name"],
      brand: ["Brand", "Distillery"],
      country: ["Country"],
      region: ["Region"],
      abv: ["Strength"],
      size: ["Size"],
      price: ["Purchase price", "Price"],
      datePurchased: ["Purchase date", "Date purchased"],
    },
  },
} as const satisfies Record<string, CatalogueExport>;
export type CatalogueName = keyof typeof CATALOGUE_EXPORTS;

const simple = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** The catalogue whose export this header row is, with the mapping of its columns; or null. */
export function recogniseCatalogue(
  headers: string[],
): { catalogue: CatalogueName; label: string; mapping: Partial<Record<ImportField, string>> } | null {
  const byName = new Map(headers.map((h) => [simple(h), h]));
  for (const [catalogue, spec] of Object.entries(CATALOGUE_EXPORTS) as [CatalogueName, CatalogueExport][]) {
    if (!spec.signature.every((column) => byName.has(simple(column)))) continue;
    const mapping: Partial<Record<ImportField, string>> = {};
    for (const [field, names] of Object.entries(spec.columns) as [ImportField, string[]][]) {
      const header = names.map((name) => byName.get(simple(name))).find((h) => h !== undefined);
      if (header !== undefined) mapping[field] = header;
    }
    return { catalogue, label: spec.label, mapping };
  }
  return null;
}
