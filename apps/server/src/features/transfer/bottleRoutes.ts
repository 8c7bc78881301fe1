import { listBottlesForExport, listPurchasesForExport } from "@club/db";
import {
  IMPORT_MAX_BYTES,
  DATE_COLUMN_SUFFIX,
  ImportFormSchema,
  ImportMappingSchema,
  ImportQuerySchema,
  ImportReportSchema,
  PurchasesExportQuerySchema,
  TransferMessages,
} from "@club/shared";
import { BadRequestError, parseInput } from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { dateIn } from "../../platform/clubTime";
import { sendKeptCsv } from "../../platform/csvExport";
import { csvWords, type CsvWords } from "../../platform/csvWords";
import { readerLanguage } from "../../platform/i18n";
import { checkMapping, parseCsv, toCsv } from "./csvFile";
import { importRoute } from "./importRoute";
import { importBottles } from "./importService";

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

type Words = CsvWords;

/**
 * The library CSV's header: the import's field labels (in the reader's language), so an export
 * imports again with the guessed mapping.
 */
const bottleHeader = ({ word }: Words) => [
  word("id"),
  word("name"),
  word("brand"),
  word("type"),
  word("country"),
  word("region"),
  word("abv"),
  word("size"),
  word("storeLink"),
  word("status"),
  word("purchases"),
  word("totalSpent"),
  word("lastPrice"),
  `${word("lastPurchased")}${DATE_COLUMN_SUFFIX}`,
  word("clubScore"),
  word("scores"),
];

const purchaseHeader = ({ word }: Words) => [
  word("purchaseId"),
  word("bottleId"),
  word("bottle"),
  word("brand"),
  `${word("datePurchased")}${DATE_COLUMN_SUFFIX}`,
  word("price"),
  `${word("opened")}${DATE_COLUMN_SUFFIX}`,
  `${word("finished")}${DATE_COLUMN_SUFFIX}`,
];

/**
 * GET /api/Bottles/Export: the library as CSV, one row per bottle (anyone, like the library);
 * ?what=purchases gives one row per purchase instead.
 */
export const bottlesExportRoute = restOnlyRoute({
  access: "public",
  doc: {
    method: "GET",
    path: "/api/Bottles/Export",
    operationId: "bottlesExport",
    tag: "Import and export",
    summary: "The library as CSV",
    description:
      "One row per bottle: id, name, brand, type, country, region, ABV, size in ml, store link, status (Sealed, Open, Finished or Never bought), number of purchases, total spent, last price (dollars), last purchased, the club's average score over revealed pours and how many scores it has. With `what=purchases`: one row per purchase (bottle, date, price, opened, finished). UTF-8 with a byte order mark (for Excel; `bom=false` leaves it out); every date is YYYY-MM-DD in the club's time zone, as its column header says. Cells starting with = + - @ are prefixed with an apostrophe.",
    query: PurchasesExportQuerySchema,
    response: { status: 200, description: "The CSV file.", binary: ["text/csv; charset=utf-8"] },
    notModified: true,
    errors: [],
  },
  handler: async ({ req, reply, ctx }) => {
    const { what, bom } = parseInput(PurchasesExportQuerySchema, req.query);
    const deps = req.server.deps;
    // In the reader's language: a member's own (an API token's), else the page language.
    const language = readerLanguage(deps, (await ctx.auth())?.id ?? null, req.headers);
    const words = csvWords(language);
    const today = dateIn(deps.config.clubTimezone, deps.now());
    // The whole library, made once while the club is unchanged (anyone may ask for it).
    const make = () =>
      what === "purchases"
        ? toCsv(
            purchaseHeader(words),
            listPurchasesForExport(deps.db).map((p) => [
              p.id,
              p.bottleId,
              p.bottle,
              p.brand,
              p.datePurchased,
              dollars(p.priceCents),
              p.openedDate,
              // A finish is stored as the instant it was marked (or a corrected date): the file
              // has one date format, so the club's date of that instant.
              p.dateFinished && p.dateFinished.length > 10
                ? dateIn(deps.config.clubTimezone, new Date(p.dateFinished))
                : p.dateFinished,
            ]),
          )
        : toCsv(
            bottleHeader(words),
            listBottlesForExport(deps.db).map((b) => [
              b.id,
              b.name,
              b.brand,
              b.type,
              b.country,
              b.region,
              b.abv,
              b.sizeMl,
              b.storeLink,
              words.status(b.status),
              b.purchases,
              dollars(b.spentCents),
              dollars(b.lastPriceCents),
              b.lastPurchased,
              b.clubScore === null ? null : Math.round(b.clubScore * 10) / 10,
              b.scores,
            ]),
          );
    const fileName = `${what === "purchases" ? "purchases" : "bottles"}-${today}.csv`;
    return sendKeptCsv(
      req,
      reply,
      deps.reads,
      { key: `/api/Bottles/Export?what=${what ?? "bottles"}|${language}`, today, make },
      fileName,
      bom,
    );
  },
});

function parseMapping(text: string | undefined) {
  if (text === undefined) throw new BadRequestError(TransferMessages.fileMissing);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError(TransferMessages.badMapping);
  }
  const parsed = ImportMappingSchema.safeParse(value);
  if (!parsed.success) throw new BadRequestError(TransferMessages.badMapping);
  return parsed.data;
}

/** POST /api/Bottles/Import?dryRun=true: multipart `file` (CSV) and `mapping` (JSON). */
export const bottlesImportRoute = importRoute({
  access: "member",
  action: "bottles.import",
  doc: {
    method: "POST",
    path: "/api/Bottles/Import",
    operationId: "bottlesImport",
    tag: "Import and export",
    summary: "Import bottles from a CSV file",
    description:
      'multipart/form-data with the CSV in the field `file` (UTF-8, at most 2 MB and 5,000 rows, a header row) and the field `mapping`: JSON naming the column of each field, e.g. {"name":"Name","brand":"Brand","type":"Type","country":"Country","region":"Region","abv":"ABV","size":"Size (ml)","storeLink":"Store link","price":"Price","datePurchased":"Date purchased"} (name required; abv too unless `review` gives each new bottle\'s), and optionally the formats of its cells: `decimalMark` ("." or ","), `thousandsSeparator` ("", ",", ".", " " or an apostrophe), `dateOrder` (YMD, DMY or MDY; a date starting with a four-digit year is always year-month-day), `delimiter` (",", ";", a tab or "|": detected from the header and first rows when not given), and `ignore`, the columns that map to nothing. Formats not given are detected from the file and named in the report (`formats`, `detected`); a cell they do not read as exactly one number or date is a problem of its row naming the cell, never another value; % on ABV is accepted, and so are dollar signs on a price ($, US$, USD: the currency of the library); a price in another currency (79,90 € or CHF 1,250.00) is a problem of its row, never converted. A real import refuses a column that is neither mapped nor ignored (`unmappedColumns` in a dry run report lists them). Answers a report per row: create, skip-existing (a bottle with the same name, brand and ABV, ignoring case and accents, is already in the library, or earlier in the file) or error, with its problems (unknown type, country or region, ABV out of range, a missing name...) and a likely duplicate. With `dryRun=true` nothing is written; otherwise every row without an error is created in one transaction (one activity entry), new brands included, with a purchase when the row has a price. Importing the same file again creates nothing. A CellarTracker or Whiskybase export maps the same way (the screen recognises their columns). Each row not yet decided gets `match`, the library\'s closest bottle by name, for a review: `review` in the mapping, `[{row, bottleId, abv?}]`, says for a row which bottle of the library it is (`bottleId`: its purchase is added to that bottle, action add-purchase, and no ABV is needed) or that it is a new bottle (`bottleId: null`, with `abv` when the file has no ABV column).',
    query: ImportQuerySchema,
    formFields: ImportFormSchema,
    response: { status: 200, description: "The per-row report.", schema: ImportReportSchema },
  },
  maxBytes: IMPORT_MAX_BYTES,
  messages: { missing: TransferMessages.fileMissing, tooLarge: TransferMessages.tooLarge },
  dryRun: (req) => parseInput(ImportQuerySchema, req.query).dryRun,
  run: async ({ ctx, file, fields, dryRun }) => {
    const mapping = parseMapping(fields.mapping);
    const table = await parseCsv(file, mapping.delimiter);
    checkMapping(table, mapping);
    return importBottles(ctx, table, mapping, dryRun);
  },
});
