import { CSV_DELIMITERS } from "./csvDelimiter";
import { ValidationMessages } from "./validationMessages";
import { z } from "zod";
import { AbvSchema, BOTTLE_TEXT_COLUMNS } from "./bottles";
import { BodyIdSchema, IsoDateSchema } from "./common";

/**
 * Import and export: the library as CSV, a CSV import of bottles with a per-row
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
  ...BOTTLE_TEXT_COLUMNS,
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
  region: "State",
  abv: "ABV",
  size: "Size (ml)",
  storeLink: "Store link",
  price: "Price",
  datePurchased: "Date purchased",
};

const ColumnSchema = z.string().trim().min(1).max(200);

/** How the file writes numbers: its decimal mark and the separator between thousands ("" for none). */
export const DECIMAL_MARKS = [".", ","] as const;
export type DecimalMark = (typeof DECIMAL_MARKS)[number];
export const THOUSANDS_SEPARATORS = ["", ",", ".", " ", "'"] as const;
export type ThousandsSeparator = (typeof THOUSANDS_SEPARATORS)[number];
/**
 * The order of day, month and year in the file's dates (separated by - . or /). A date that starts
 * with a four-digit year (2025-12-31) is read as year-month-day whatever the order.
 */
export const DATE_ORDERS = ["YMD", "DMY", "MDY"] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  YMD: "Year-month-day (2025-12-31)",
  DMY: "Day.month.year (31.12.2025, 31/12/2025)",
  MDY: "Month/day/year (12/31/2025)",
};
export const DECIMAL_MARK_LABELS: Record<DecimalMark, string> = {
  ".": "Point (79.90)",
  ",": "Comma (79,90)",
};
export const THOUSANDS_SEPARATOR_LABELS: Record<ThousandsSeparator, string> = {
  "": "None (1250)",
  ",": "Comma (1,250)",
  ".": "Point (1.250)",
  " ": "Space (1 250)",
  "'": "Apostrophe (1'250)",
};

/** The formats an import reads its cells with. */
export const ImportFormatsSchema = z.object({
  decimalMark: z.enum(DECIMAL_MARKS),
  thousandsSeparator: z.enum(THOUSANDS_SEPARATORS),
  dateOrder: z.enum(DATE_ORDERS),
});
export type ImportFormats = z.infer<typeof ImportFormatsSchema>;

/**
 * The review's word on one row (by its line in the file): `bottleId` a bottle of the library this
 * row is (its purchase goes to that bottle, nothing new is created), or null for a new bottle; and
 * the ABV of a row whose file has none (CellarTracker's export has no ABV column).
 */
export const ImportReviewSchema = z.strictObject({
  row: z
    .number()
    .int()
    .min(2)
    .max(IMPORT_MAX_ROWS + 1),
  bottleId: BodyIdSchema.nullable(),
  abv: AbvSchema.optional(),
});
export type ImportReview = z.infer<typeof ImportReviewSchema>;

/**
 * Which CSV column (by its header) goes to which field; the name is required, and the ABV unless
 * the review gives each new bottle's. The formats are
 * optional: without them the file's own are detected (and said in the report). `ignore` lists the
 * columns that map to nothing: a real import refuses a column that is neither mapped nor ignored.
 */
export const ImportMappingSchema = z
  .strictObject({
    name: ColumnSchema,
    brand: ColumnSchema.optional(),
    type: ColumnSchema.optional(),
    country: ColumnSchema.optional(),
    region: ColumnSchema.optional(),
    abv: ColumnSchema.optional(),
    size: ColumnSchema.optional(),
    storeLink: ColumnSchema.optional(),
    price: ColumnSchema.optional(),
    datePurchased: ColumnSchema.optional(),
    decimalMark: z.enum(DECIMAL_MARKS).optional(),
    thousandsSeparator: z.enum(THOUSANDS_SEPARATORS).optional(),
    dateOrder: z.enum(DATE_ORDERS).optional(),
    /** The character between columns: detected from the file when not given. */
    delimiter: z.enum(CSV_DELIMITERS).optional(),
    ignore: z.array(ColumnSchema).max(200).optional(),
    /** The review step's decisions, one per row at most. */
    review: z.array(ImportReviewSchema).max(IMPORT_MAX_ROWS).optional(),
  })
  .refine((m) => m.decimalMark === undefined || m.decimalMark !== m.thousandsSeparator, {
    message: ValidationMessages.decimalMark,
    path: ["thousandsSeparator"],
  });
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** POST /api/Bottles/Import's text field beside the file. */
export const ImportFormSchema = z.object({
  mapping: z.string().meta({
    contentMediaType: "application/json",
    description:
      'The ImportMapping as JSON: {"name":"Name","abv":"ABV",...,"decimalMark":",","thousandsSeparator":".","dateOrder":"DMY","delimiter":";","ignore":["Age"]}.',
  }),
});

export const ImportQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

/** add-purchase: the row is a bottle of the library (the review said which); its purchase is added to it. */
export const IMPORT_ACTIONS = ["create", "add-purchase", "skip-existing", "error"] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const ImportRowReportSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int(),
  name: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  /** Why the row is refused (action error) or what to look at (a likely duplicate). */
  problems: z.array(z.string()),
  likelyDuplicateOf: z.object({ id: z.number().int(), name: z.string() }).optional(),
  /**
   * The library's bottle this row is: the review's choice, else the closest by name (the library
   * search's fuzzy match, `score` 0 to 1) for the review to confirm or change.
   */
  match: z
    .object({ id: z.number().int(), name: z.string(), score: z.number(), chosen: z.boolean() })
    .optional(),
  /** The purchase the row brings along (added to the new or the matched bottle). */
  purchase: z.object({ datePurchased: IsoDateSchema, purchasePrice: z.number() }).optional(),
});
export type ImportRowReport = z.infer<typeof ImportRowReportSchema>;

export const ImportReportSchema = z
  .object({
    dryRun: z.boolean(),
    rows: z.array(ImportRowReportSchema),
    create: z.number().int(),
    /** Rows whose purchase goes to a bottle of the library (the review matched them). */
    addPurchase: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    /** Bottles written (0 on a dry run). */
    created: z.number().int(),
    /** The formats the cells were read with: the mapping's, else the ones detected in the file. */
    formats: ImportFormatsSchema,
    /** The character between the file's columns: the mapping's, else detected. */
    delimiter: z.enum(CSV_DELIMITERS),
    /** Which of the formats (and the delimiter) came from the file rather than the mapping. */
    detected: z.array(z.enum(["decimalMark", "thousandsSeparator", "dateOrder", "delimiter"])),
    /** Columns of the file that are neither mapped nor ignored (a real import refuses them). */
    unmappedColumns: z.array(z.string()),
  })
  .meta({ id: "ImportReport" });
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** GET /api/Club/Export: the whole club, every table as its column names and rows of values. */
export const ClubExportSchema = z
  .object({
    format: z.literal(CLUB_EXPORT_FORMAT),
    version: z.literal(CLUB_EXPORT_VERSION),
    exportedAt: z.iso.datetime(),
    images: z.literal("not included"),
    tables: z.record(
      z.string(),
      z.object({
        columns: z.array(z.string()),
        rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
      }),
    ),
  })
  .meta({ id: "ClubExport" });

/** POST /api/Club/Import's text field beside the file. */
export const ClubImportFormSchema = z.object({
  confirm: z
    .literal(CLUB_IMPORT_CONFIRMATION)
    .meta({ description: "Type REPLACE: the whole club is replaced." }),
});

export const ClubImportQuerySchema = z.object({});

export const ClubImportResultSchema = z
  .object({ tables: z.record(z.string(), z.number().int()) })
  .meta({ id: "ClubImportResult" });
export type ClubImportResult = z.infer<typeof ClubImportResultSchema>;

/**
 * Every CSV export starts with a UTF-8 byte order mark, so that Excel on Windows reads its accents
 * right; `bom=false` leaves it out (for a program that does not expect one).
 */
export const CsvExportQuerySchema = z.object({
  bom: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v !== "false")
    .meta({ description: "true (default): the file starts with a UTF-8 byte order mark, for Excel." }),
});

export const PurchasesExportQuerySchema = CsvExportQuerySchema.extend({
  what: z.enum(["bottles", "purchases"]).optional(),
});

/** The header of a date column in an export says its format: one format per file. */
export const DATE_COLUMN_SUFFIX = " (YYYY-MM-DD)";

export const TransferMessages = {
  fileMissing: "Choose a CSV file (the field `file`) and a column mapping (the field `mapping`).",
  notCsv:
    "This file is not a CSV file in UTF-8: save it as CSV UTF-8 (comma separated values) and try again.",
  tooLarge: `The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has too many rows: at most ${IMPORT_MAX_ROWS}.`,
  noRows: "The file has no rows below its header.",
  badMapping: "The column mapping is not valid: map at least the name to a column of the file.",
  abvMissing: "The ABV is missing: give it in the review, or map a column of the file to it.",
  reviewedBottleMissing: "The bottle chosen for this row is not in the library.",
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
  /** A cell the chosen formats do not read as one number or date: named with its column. */
  unreadableNumber: (column: string, cell: string, formats: string) =>
    `${column} "${cell}" is not a number in the chosen format (${formats}).`,
  tooManyDecimals: (column: string, cell: string) => `${column} "${cell}" has more than 2 decimals.`,
  foreignCurrency: (column: string, cell: string, currency: string) =>
    `${column} "${cell}" is in ${currency}: the library keeps prices in dollars. Convert it to dollars, or leave the price column out.`,
  unreadableDate: (column: string, cell: string, order: string) =>
    `${column} "${cell}" is not a date in the chosen order (${order}).`,
  futureDate: (column: string, cell: string) => `${column} "${cell}" is in the future.`,
  unmappedColumns: (columns: string[]) =>
    `Map ${columns.length === 1 ? "the column" : "the columns"} ${columns.map((c) => `"${c}"`).join(", ")} to a field or ignore ${columns.length === 1 ? "it" : "them"}.`,
  ignoredAndMapped: (column: string) => `The column "${column}" is both mapped and ignored.`,
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
