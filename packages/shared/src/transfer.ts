import { z } from "zod";

/**
 * Import and export (issue 14): the library as CSV, a CSV import of bottles with a per-row
 * preview, and the whole club as one JSON file an admin can restore.
 */

/** The largest CSV an import accepts, and its most rows. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** The largest club JSON file a restore accepts. */
export const CLUB_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** What `format` says in a club export. */
export const CLUB_EXPORT_FORMAT = "whiskey-club-export";
export const CLUB_EXPORT_VERSION = 1;
/** What the admin types (the `confirm` field) to replace the whole club with a file. */
export const CLUB_IMPORT_CONFIRMATION = "REPLACE";

/** The bottle fields a CSV column can be mapped to, in the order the screen offers them. */
export const IMPORT_FIELDS = [
  "name",
  "brand",
  "type",
  "country",
  "region",
  "abv",
  "size",
  "storeLink",
  "price",
  "datePurchased",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The column headers of the library CSV: an export imports again with the guessed mapping. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: "Name",
  brand: "Brand",
  type: "Type",
  country: "Country",
  region: "Region",
  abv: "ABV",
  size: "Size (ml)",
  storeLink: "Store link",
  price: "Price",
  datePurchased: "Date purchased",
};

const ColumnSchema = z.string().trim().min(1).max(200);

/** Which CSV column (by its header) goes to which field; name and ABV are required. */
export const ImportMappingSchema = z.strictObject({
  name: ColumnSchema,
  brand: ColumnSchema.optional(),
  type: ColumnSchema.optional(),
  country: ColumnSchema.optional(),
  region: ColumnSchema.optional(),
  abv: ColumnSchema,
  size: ColumnSchema.optional(),
  storeLink: ColumnSchema.optional(),
  price: ColumnSchema.optional(),
  datePurchased: ColumnSchema.optional(),
});
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const ImportQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

export const IMPORT_ACTIONS = ["create", "skip-existing", "error"] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const ImportRowReportSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int(),
  name: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  /** Why the row is refused (action error) or what to look at (a likely duplicate). */
  problems: z.array(z.string()),
  likelyDuplicateOf: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export type ImportRowReport = z.infer<typeof ImportRowReportSchema>;

export const ImportReportSchema = z
  .object({
    dryRun: z.boolean(),
    rows: z.array(ImportRowReportSchema),
    create: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    /** Bottles written (0 on a dry run). */
    created: z.number().int(),
  })
  .meta({ id: "ImportReport" });
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const ClubImportQuerySchema = z.object({});

export const ClubImportResultSchema = z
  .object({ tables: z.record(z.string(), z.number().int()) })
  .meta({ id: "ClubImportResult" });
export type ClubImportResult = z.infer<typeof ClubImportResultSchema>;

export const PurchasesExportQuerySchema = z.object({
  what: z.enum(["bottles", "purchases"]).optional(),
});

export const TransferMessages = {
  fileMissing: "Choose a CSV file (the field `file`) and a column mapping (the field `mapping`).",
  notCsv:
    "This file is not a CSV file in UTF-8: save it as CSV UTF-8 (comma separated values) and try again.",
  tooLarge: `The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has too many rows: at most ${IMPORT_MAX_ROWS}.`,
  noRows: "The file has no rows below its header.",
  badMapping: "The column mapping is not valid: map at least the name and the ABV to columns of the file.",
  unknownColumn: (column: string) => `The file has no column "${column}".`,
  nameMissing: "The name is missing.",
  nameTooLong: "The name is too long (at most 200 characters).",
  unknownType: (value: string) => `Unknown type "${value}".`,
  unknownCountry: (value: string) => `Unknown country "${value}".`,
  unknownRegion: (value: string) => `Unknown region "${value}".`,
  badSize: "The size must be a whole number of ml between 1 and 10000 (e.g. 700, 70cl, 1L).",
  badStoreLink: "The store link must be an http(s) URL.",
  badPrice: "The price must be an amount of dollars, 0 or more.",
  badDate: "The date purchased must be a date (YYYY-MM-DD) not in the future.",
  priceWithoutDate: "A date purchased needs a price.",
  sameAsRow: (row: number) => `The same bottle as row ${row}.`,
  alreadyInLibrary: "Already in the library.",
  likelyDuplicate: (name: string) => `Looks like "${name}", already in the library.`,
  clubFileMissing: "Choose the club's JSON export (the field `file`) and type REPLACE (the field `confirm`).",
  clubNotConfirmed: "Type REPLACE to replace the whole club with this file.",
  clubTooLarge: `The file is too large: at most ${CLUB_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  clubBadFile: "This file is not a club export of this app (format whiskey-club-export, version 1).",
  clubBadData: (detail: string) => `The club export cannot be restored: ${detail}`,
  clubNoAdmin: "The club export has no active admin: nobody could log in to manage the club.",
} as const;
