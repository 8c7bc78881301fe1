import {
  importedBottleWriter,
  isExistingBottle,
  listBottleKeys,
  listBrands,
  listCountries,
  listDrinkTypes,
  listStates,
  similarBottles,
  type ImportedBottle,
} from "@club/db";
import {
  ABV_MAX,
  ABV_MIN,
  DEFAULT_BOTTLE_ML,
  IMPORT_FIELDS,
  Messages,
  type ImportField,
  StoreLinkSchema,
  TEXT_MAX,
  TransferMessages,
  type ImportFormats,
  type ImportMapping,
  type ImportReport,
  type ImportRowReport,
} from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { BadRequestError } from "../../kernel/errors";
import { dateIn } from "../../platform/clubTime";
import { recordActivity } from "../activity/record";
import {
  dateOrderText,
  detectFormats,
  numberFormatText,
  readDate,
  foreignCurrency,
  readNumber,
  type NumberKind,
} from "./cellFormats";
import { yieldToEventLoop, type CsvTable } from "./csvFile";
import { looseKey, normalise } from "./normalise";

/** A row ready to write, minus the brand's id (created only when the import is real). */
type PlannedBottle = Omit<ImportedBottle, "brandId" | "createdBy"> & {
  brand: { id: number } | { name: string };
};

interface PlannedRow {
  report: ImportRowReport;
  bottle?: PlannedBottle;
  /** A row the review matched to a bottle of the library: its purchase, added to that bottle. */
  purchaseFor?: { bottleId: number; datePurchased: string; priceCents: number };
  /** Name, brand and ABV as compared with the library (exactKey). */
  key?: string;
}

const exactKey = (name: string, brand: string | null, abv: number) =>
  `${normalise(name)}|${normalise(brand ?? name)}|${abv}`;

const byNormalisedName = <T extends { name: string }>(items: T[]) =>
  new Map(items.map((item) => [normalise(item.name), item]));

const ML_PER_UNIT: Record<string, number> = { ml: 1, cl: 10, l: 1000 };

/**
 * How close a library bottle's name must be (similarBottles' score) to be offered as the row's
 * match in the review; below it the row is offered as a new bottle.
 */
const MATCH_FLOOR = 0.6;

/** Whiskybase writes strength as "46.0 % Vol." and size as "700 ml": the units go before reading. */
const withoutStrengthUnit = (cell: string) =>
  cell.replace(/\s*%?\s*vol\.?$/i, (m) => (m.includes("%") ? "%" : ""));

/** The formats the cells are read with: the mapping's, else the file's own (detected). */
export function resolveFormats(
  table: CsvTable,
  mapping: ImportMapping,
): { formats: ImportFormats; detected: ImportReport["detected"] } {
  const cells = (field: ImportField) => {
    const column = mapping[field];
    return column === undefined ? [] : table.rows.map((r) => r[column] ?? "");
  };
  const found = detectFormats(
    [...cells("price"), ...cells("abv"), ...cells("size")],
    cells("datePurchased"),
    table.delimiter,
  );
  const detected: ImportReport["detected"] = [];
  const pick = <K extends keyof ImportFormats>(key: K): ImportFormats[K] => {
    const chosen = mapping[key] as ImportFormats[K] | undefined;
    if (chosen !== undefined) return chosen;
    detected.push(key);
    return found[key];
  };
  return {
    formats: {
      decimalMark: pick("decimalMark"),
      thousandsSeparator: pick("thousandsSeparator"),
      dateOrder: pick("dateOrder"),
    },
    detected,
  };
}

/** The file's columns that are neither mapped to a field nor ignored. */
export function unmappedColumns(table: CsvTable, mapping: ImportMapping): string[] {
  const used = new Set<string>(mapping.ignore ?? []);
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column !== undefined) used.add(column);
  }
  return table.header.filter((h) => h !== "" && !used.has(h));
}

/** Rows planned between two turns of the event loop (a few ms each). */
const PLAN_SLICE_ROWS = 200;

/**
 * Reads every row against the library: what would be created, skipped, refused, and why. In
 * slices of PLAN_SLICE_ROWS with a turn of the event loop between them (a 5,000-row file took
 * seconds of the server's one thread in a single piece).
 */
async function planRows(
  ctx: AuthedCtx,
  table: CsvTable,
  mapping: ImportMapping,
  formats: ImportFormats,
): Promise<PlannedRow[]> {
  const plan = rowPlanner(ctx, mapping, formats);
  const planned: PlannedRow[] = [];
  for (let start = 0; start < table.rows.length; start += PLAN_SLICE_ROWS) {
    if (start > 0) await yieldToEventLoop();
    table.rows
      .slice(start, start + PLAN_SLICE_ROWS)
      .forEach((cells, i) => planned.push(plan(cells, start + i)));
  }
  return planned;
}

/** The planner of one row, with the library's lookups read once. */
function rowPlanner(
  ctx: AuthedCtx,
  mapping: ImportMapping,
  formats: ImportFormats,
): (cells: Record<string, string>, index: number) => PlannedRow {
  const { db } = ctx;
  const types = byNormalisedName(listDrinkTypes(db));
  const countries = byNormalisedName(listCountries(db));
  const regions = byNormalisedName(listStates(db));
  const brands = byNormalisedName(listBrands(db));
  const existing = listBottleKeys(db);
  const existingExact = new Map(existing.map((b) => [exactKey(b.name, b.brand, b.abv), b]));
  const existingLoose = new Map(existing.map((b) => [looseKey(b.name), b]));
  const inFile = new Map<string, number>();
  const today = dateIn(ctx.config.clubTimezone, ctx.now());
  const reviews = new Map((mapping.review ?? []).map((r) => [r.row, r]));
  const bottleNames = new Map(existing.map((b) => [b.id, b.name]));

  return (cells, index): PlannedRow => {
    const row = index + 2;
    const cell = (field: ImportField) => {
      const column = mapping[field];
      return column === undefined ? "" : (cells[column] ?? "");
    };
    const problems: string[] = [];
    const name = cell("name");
    const brandName = cell("brand");
    if (name === "") problems.push(TransferMessages.nameMissing);
    if (name.length > TEXT_MAX || brandName.length > TEXT_MAX) problems.push(TransferMessages.nameTooLong);
    /** A number cell under the chosen formats; a problem naming the cell when it does not read. */
    const number = (field: "abv" | "price" | "size", text: string, kind: NumberKind) => {
      const read = readNumber(text, formats, kind);
      if (!read.ok)
        problems.push(
          TransferMessages.unreadableNumber(mapping[field] ?? field, text, numberFormatText(formats)),
        );
      return read.ok ? read.value : null;
    };
    const review = reviews.get(row);
    const matchedId = review?.bottleId ?? null;
    const abvCell = withoutStrengthUnit(cell("abv"));
    const abvRead = abvCell === "" ? (review?.abv ?? null) : number("abv", abvCell, "percent");
    const abv = abvRead !== null && abvRead >= ABV_MIN && abvRead <= ABV_MAX ? abvRead : null;
    // A row that is a bottle of the library needs no ABV: the bottle has one.
    if (matchedId === null) {
      if (abvCell === "" && abvRead === null)
        problems.push(mapping.abv === undefined ? TransferMessages.abvMissing : Messages.abvRange);
      else if (abvRead !== null && abv === null) problems.push(Messages.abvRange);
    }
    const lookup = <T>(value: string, map: Map<string, T>, message: (v: string) => string) => {
      if (value === "") return null;
      const found = map.get(normalise(value));
      if (!found) problems.push(message(value));
      return found ?? null;
    };
    const type = lookup(cell("type"), types, TransferMessages.unknownType);
    const region = lookup(cell("region"), regions, TransferMessages.unknownRegion);
    const country = lookup(cell("country"), countries, TransferMessages.unknownCountry);
    const sizeCell = cell("size");
    let sizeMl: number | null = DEFAULT_BOTTLE_ML;
    if (sizeCell !== "") {
      const unit = /^(.*?)\s*(ml|cl|l)?$/i.exec(sizeCell);
      const amount = unit?.[1] ? readNumber(unit[1], formats) : { ok: false as const };
      sizeMl = amount.ok ? Math.round(amount.value * ML_PER_UNIT[(unit?.[2] ?? "ml").toLowerCase()]!) : null;
      if (sizeMl !== null && (sizeMl < 1 || sizeMl > 10_000)) sizeMl = null;
      if (sizeMl === null) problems.push(TransferMessages.badSize);
    }
    const link = StoreLinkSchema.safeParse(cell("storeLink"));
    if (!link.success) problems.push(TransferMessages.badStoreLink);
    const priceCell = cell("price");
    const dateCell = cell("datePurchased");
    let priceCents: number | null = null;
    const currency = foreignCurrency(priceCell);
    if (currency !== null)
      problems.push(TransferMessages.foreignCurrency(mapping.price ?? "price", priceCell, currency));
    const price = priceCell === "" || currency !== null ? null : number("price", priceCell, "price");
    if (price !== null) {
      const cents = Math.round(price * 100);
      if (Math.abs(price * 100 - cents) > 1e-6)
        problems.push(TransferMessages.tooManyDecimals(mapping.price ?? "price", priceCell));
      else if (cents > 100_000_000) problems.push(TransferMessages.badPrice);
      else priceCents = cents;
    }
    let datePurchased: string | null = null;
    if (dateCell !== "") {
      const column = mapping.datePurchased ?? "datePurchased";
      const read = readDate(dateCell, formats.dateOrder);
      if (!read.ok)
        problems.push(TransferMessages.unreadableDate(column, dateCell, dateOrderText(formats.dateOrder)));
      else if (read.value > today) problems.push(TransferMessages.futureDate(column, dateCell));
      else datePurchased = read.value;
    }
    if (dateCell !== "" && priceCell === "") problems.push(TransferMessages.priceWithoutDate);

    const purchase =
      priceCents === null
        ? undefined
        : { datePurchased: datePurchased ?? today, purchasePrice: priceCents / 100 };
    // For the review: the library's closest bottle by name, unless the review has decided the row.
    const closest = review || name === "" ? undefined : similarBottles(db, name, 1)[0];
    const suggested =
      closest && closest.score >= MATCH_FLOOR
        ? { id: closest.id, name: closest.name, score: closest.score, chosen: false }
        : undefined;
    const base = { row, name, ...(purchase ? { purchase } : {}), ...(suggested ? { match: suggested } : {}) };
    if (matchedId !== null) {
      // The review said which bottle of the library this row is: its purchase goes there.
      const matchedName = bottleNames.get(matchedId);
      if (matchedName === undefined || !isExistingBottle(db, matchedId))
        problems.push(TransferMessages.reviewedBottleMissing);
      if (problems.length > 0) return { report: { ...base, action: "error", problems } };
      const match = { id: matchedId, name: matchedName!, score: 1, chosen: true };
      if (priceCents === null)
        return {
          report: { ...base, action: "skip-existing", problems: [TransferMessages.alreadyInLibrary], match },
        };
      return {
        report: { ...base, action: "add-purchase", problems: [], match },
        purchaseFor: { bottleId: matchedId, priceCents, datePurchased: purchase!.datePurchased },
      };
    }
    if (problems.length > 0 || abv === null || sizeMl === null)
      return { report: { ...base, action: "error", problems } };

    const key = exactKey(name, brandName || null, abv);
    const same = existingExact.get(key);
    if (same)
      return {
        report: {
          ...base,
          action: "skip-existing",
          problems: [TransferMessages.alreadyInLibrary],
          likelyDuplicateOf: { id: same.id, name: same.name },
        },
      };
    const earlier = inFile.get(key);
    if (earlier !== undefined)
      return {
        report: { ...base, action: "skip-existing", problems: [TransferMessages.sameAsRow(earlier)] },
      };
    inFile.set(key, row);

    const similar = existingLoose.get(looseKey(name));
    const brandKey = normalise(brandName || name);
    const brand = brands.get(brandKey);
    return {
      report: {
        ...base,
        action: "create",
        problems: similar ? [TransferMessages.likelyDuplicate(similar.name)] : [],
        ...(similar ? { likelyDuplicateOf: { id: similar.id, name: similar.name } } : {}),
      },
      bottle: {
        name,
        brand: brand ? { id: brand.id } : { name: brandName || name },
        drinkTypeId: type?.id ?? null,
        countryId: country?.id ?? region?.countryId ?? null,
        stateId: region?.id ?? null,
        abv,
        sizeMl,
        storeLink: link.data ? link.data : null,
        purchase: priceCents === null ? null : { priceCents, datePurchased: datePurchased ?? today },
      },
      key,
    };
  };
}

/**
 * POST /api/Bottles/Import: the per-row report; unless dryRun, also writes every "create" row in
 * one transaction with one activity entry. Rows matching a bottle already in the library (name,
 * brand and ABV, ignoring case and accents) are skipped, so importing a file twice adds nothing.
 */
export async function importBottles(
  ctx: AuthedCtx,
  table: CsvTable,
  mapping: ImportMapping,
  dryRun: boolean,
): Promise<ImportReport> {
  const count = (rows: PlannedRow[], action: ImportRowReport["action"]) =>
    rows.filter((r) => r.report.action === action).length;
  const { formats, detected } = resolveFormats(table, mapping);
  const unmapped = unmappedColumns(table, mapping);
  const summarise = (rows: PlannedRow[], created: number): ImportReport => ({
    dryRun,
    rows: rows.map((r) => r.report),
    create: count(rows, "create"),
    addPurchase: count(rows, "add-purchase"),
    skipped: count(rows, "skip-existing"),
    errors: count(rows, "error"),
    created,
    formats,
    delimiter: table.delimiter,
    detected: mapping.delimiter === undefined ? [...detected, "delimiter"] : detected,
    unmappedColumns: unmapped,
  });
  // A real import reads every column on purpose: mapped, or ignored by name.
  if (!dryRun && unmapped.length > 0) throw new BadRequestError(TransferMessages.unmappedColumns(unmapped));
  const rows = await planRows(ctx, table, mapping, formats);
  if (dryRun) return summarise(rows, 0);
  return ctx.db.transaction(() => {
    // Planned in slices before the transaction: what another write added meanwhile is checked
    // again inside it (the same bottle is then skipped), so the check and the insert stay atomic.
    const existingNow = new Map(
      listBottleKeys(ctx.db).map((b) => [exactKey(b.name, b.brand, b.abv), b] as const),
    );
    for (const planned of rows) {
      const same = planned.bottle && planned.key !== undefined ? existingNow.get(planned.key) : undefined;
      if (!same) continue;
      planned.bottle = undefined;
      planned.report = {
        ...planned.report,
        action: "skip-existing",
        problems: [TransferMessages.alreadyInLibrary],
        likelyDuplicateOf: { id: same.id, name: same.name },
      };
    }
    const writer = importedBottleWriter(ctx.db);
    const ids: number[] = [];
    const purchasesAdded: number[] = [];
    for (const { bottle, purchaseFor } of rows) {
      if (purchaseFor) {
        if (!isExistingBottle(ctx.db, purchaseFor.bottleId))
          throw new BadRequestError(TransferMessages.reviewedBottleMissing);
        writer.addPurchase(
          purchaseFor.bottleId,
          purchaseFor.datePurchased,
          purchaseFor.priceCents,
          ctx.user.id,
        );
        purchasesAdded.push(purchaseFor.bottleId);
      }
      if (!bottle) continue;
      const brandId = "id" in bottle.brand ? bottle.brand.id : writer.brandId(bottle.brand.name);
      ids.push(writer.insert({ ...bottle, brandId, createdBy: ctx.user.id }));
    }
    const report = summarise(rows, ids.length);
    if (ids.length > 0 || purchasesAdded.length > 0)
      recordActivity(ctx, "import", `bottles:${ids[0] ?? purchasesAdded[0]}`, null, {
        created: ids.length,
        skipped: report.skipped,
        errors: report.errors,
        bottleIds: ids,
        ...(purchasesAdded.length > 0 ? { purchasesAddedTo: purchasesAdded } : {}),
      });
    return report;
  });
}
