import {
  importedBottleWriter,
  listBottleKeys,
  listBrands,
  listCountries,
  listDrinkTypes,
  listStates,
  type ImportedBottle,
} from "@club/db";
import {
  ABV_MAX,
  ABV_MIN,
  DEFAULT_BOTTLE_ML,
  Messages,
  StoreLinkSchema,
  TEXT_MAX,
  TransferMessages,
  type ImportMapping,
  type ImportReport,
  type ImportRowReport,
} from "@club/shared";
import type { AuthedCtx } from "../../api/context";
import { dateIn } from "../../platform/clubTime";
import { recordActivity } from "../activity/record";
import type { CsvTable } from "./csvFile";
import { looseKey, normalise } from "./normalise";

/** A row ready to write, minus the brand's id (created only when the import is real). */
type PlannedBottle = Omit<ImportedBottle, "brandId" | "createdBy"> & {
  brand: { id: number } | { name: string };
};

interface PlannedRow {
  report: ImportRowReport;
  bottle?: PlannedBottle;
}

const exactKey = (name: string, brand: string | null, abv: number) =>
  `${normalise(name)}|${normalise(brand ?? name)}|${abv}`;

const byNormalisedName = <T extends { name: string }>(items: T[]) =>
  new Map(items.map((item) => [normalise(item.name), item]));

function parseAbv(cell: string): number | null {
  const value = Number(cell.replace(/%$/, "").trim().replace(",", "."));
  return cell.trim() !== "" && Number.isFinite(value) && value >= ABV_MIN && value <= ABV_MAX ? value : null;
}

const ML_PER_UNIT: Record<string, number> = { ml: 1, cl: 10, l: 1000 };

function parseSizeMl(cell: string): number | null {
  if (cell === "") return DEFAULT_BOTTLE_ML;
  const match = /^(\d+(?:[.,]\d+)?)\s*(ml|cl|l)?$/i.exec(cell);
  if (!match) return null;
  const ml = Math.round(Number(match[1]!.replace(",", ".")) * ML_PER_UNIT[(match[2] ?? "ml").toLowerCase()]!);
  return ml >= 1 && ml <= 10_000 ? ml : null;
}

function parsePriceCents(cell: string): number | null {
  let text = cell.replace(/[$€£\s]/g, "");
  text = /^\d+,\d{1,2}$/.test(text) ? text.replace(",", ".") : text.replace(/,/g, "");
  const value = Number(text);
  return text !== "" && Number.isFinite(value) && value >= 0 && value <= 1_000_000
    ? Math.round(value * 100)
    : null;
}

const isPastOrToday = (cell: string, today: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(cell) &&
  !Number.isNaN(Date.parse(`${cell}T00:00:00Z`)) &&
  new Date(`${cell}T00:00:00Z`).toISOString().startsWith(cell) &&
  cell <= today;

/** Reads every row against the library: what would be created, skipped, refused, and why. */
function planRows(ctx: AuthedCtx, table: CsvTable, mapping: ImportMapping): PlannedRow[] {
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

  return table.rows.map((cells, index) => {
    const row = index + 2;
    const cell = (field: keyof ImportMapping) => {
      const column = mapping[field];
      return column === undefined ? "" : (cells[column] ?? "");
    };
    const problems: string[] = [];
    const name = cell("name");
    const brandName = cell("brand");
    if (name === "") problems.push(TransferMessages.nameMissing);
    if (name.length > TEXT_MAX || brandName.length > TEXT_MAX) problems.push(TransferMessages.nameTooLong);
    const abv = parseAbv(cell("abv"));
    if (abv === null) problems.push(Messages.abvRange);
    const lookup = <T>(value: string, map: Map<string, T>, message: (v: string) => string) => {
      if (value === "") return null;
      const found = map.get(normalise(value));
      if (!found) problems.push(message(value));
      return found ?? null;
    };
    const type = lookup(cell("type"), types, TransferMessages.unknownType);
    const region = lookup(cell("region"), regions, TransferMessages.unknownRegion);
    const country = lookup(cell("country"), countries, TransferMessages.unknownCountry);
    const sizeMl = parseSizeMl(cell("size"));
    if (sizeMl === null) problems.push(TransferMessages.badSize);
    const link = StoreLinkSchema.safeParse(cell("storeLink"));
    if (!link.success) problems.push(TransferMessages.badStoreLink);
    const priceCell = cell("price");
    const dateCell = cell("datePurchased");
    const priceCents = priceCell === "" ? null : parsePriceCents(priceCell);
    if (priceCell !== "" && priceCents === null) problems.push(TransferMessages.badPrice);
    if (dateCell !== "" && !isPastOrToday(dateCell, today)) problems.push(TransferMessages.badDate);
    if (dateCell !== "" && priceCell === "") problems.push(TransferMessages.priceWithoutDate);

    const base = { row, name };
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
        purchase: priceCents === null ? null : { priceCents, datePurchased: dateCell || today },
      },
    };
  });
}

/**
 * POST /api/Bottles/Import: the per-row report; unless dryRun, also writes every "create" row in
 * one transaction with one activity entry. Rows matching a bottle already in the library (name,
 * brand and ABV, ignoring case and accents) are skipped, so importing a file twice adds nothing.
 */
export function importBottles(
  ctx: AuthedCtx,
  table: CsvTable,
  mapping: ImportMapping,
  dryRun: boolean,
): ImportReport {
  const count = (rows: PlannedRow[], action: ImportRowReport["action"]) =>
    rows.filter((r) => r.report.action === action).length;
  const summarise = (rows: PlannedRow[], created: number): ImportReport => ({
    dryRun,
    rows: rows.map((r) => r.report),
    create: count(rows, "create"),
    skipped: count(rows, "skip-existing"),
    errors: count(rows, "error"),
    created,
  });
  if (dryRun) return summarise(planRows(ctx, table, mapping), 0);
  return ctx.db.transaction(() => {
    // Planned inside the transaction: no other write can slip in between the check and the insert.
    const rows = planRows(ctx, table, mapping);
    const writer = importedBottleWriter(ctx.db);
    const ids: number[] = [];
    for (const { bottle } of rows) {
      if (!bottle) continue;
      const brandId = "id" in bottle.brand ? bottle.brand.id : writer.brandId(bottle.brand.name);
      ids.push(writer.insert({ ...bottle, brandId, createdBy: ctx.user.id }));
    }
    const report = summarise(rows, ids.length);
    if (ids.length > 0)
      recordActivity(ctx, "import", `bottles:${ids[0]}`, null, {
        created: ids.length,
        skipped: report.skipped,
        errors: report.errors,
        bottleIds: ids,
      });
    return report;
  });
}
