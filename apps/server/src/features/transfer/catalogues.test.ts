import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recogniseCatalogue, TransferMessages, type ImportReport } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { multipartBody } from "../../../test/fuzz/endpoints";

/**
 * Imports from the big catalogues: sample files in the shape of CellarTracker's and Whiskybase's
 * exports (samples/), recognised by their columns, matched to the library by fuzzy name with the
 * review's word on each row, their purchases brought along.
 */
const sample = (name: string) => readFileSync(new URL(`samples/${name}`, import.meta.url), "utf8");
const headerOf = (csv: string) => csv.split("\n")[0]!.split(",");
const clock = () => new Date("2026-11-23T12:00:00Z");

let t: TestApp;
let token: string;
let lagavulin: number;
let ardbeg: number;

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  const m = await t.member();
  token = m.token;
  const caller = t.caller(m.user);
  lagavulin = (await caller.bottles.create({ name: "Lagavulin 16", newBrand: "Lagavulin", abv: 43 })).id;
  ardbeg = (await caller.bottles.create({ name: "Ardbeg Uigeadail", newBrand: "Ardbeg", abv: 54.2 })).id;
});
afterAll(() => t.close());

function importFile(csv: string, mapping: unknown, dryRun: boolean) {
  const body = multipartBody([
    { name: "file", filename: "export.csv", contentType: "text/csv", data: csv },
    { name: "mapping", data: JSON.stringify(mapping) },
  ]);
  return t.request({
    method: "POST",
    url: `/api/Bottles/Import?dryRun=${dryRun}`,
    payload: body.payload,
    headers: { "content-type": body.contentType },
    token,
  });
}

/** The recognised mapping, every other column ignored (as the import screen sends it). */
function mappingFor(csv: string, extra: Record<string, unknown> = {}) {
  const headers = headerOf(csv);
  const recognised = recogniseCatalogue(headers)!;
  const used = new Set(Object.values(recognised.mapping));
  return { ...recognised.mapping, ignore: headers.filter((h) => !used.has(h)), ...extra };
}

const purchases = (bottleId: number) =>
  t.app.deps.db.$client
    .prepare(
      "SELECT date_purchased AS date, purchase_price_cents AS cents FROM bottle_instances WHERE bottle_id = ? ORDER BY id",
    )
    .all(bottleId);

describe("imports from CellarTracker and Whiskybase", () => {
  it("recognises each export by its columns; CellarTracker's has no ABV column", () => {
    expect(recogniseCatalogue(headerOf(sample("cellartracker.csv")))).toMatchObject({
      label: "CellarTracker",
      mapping: {
        name: "Wine",
        brand: "Producer",
        size: "Size",
        price: "Price",
        datePurchased: "PurchaseDate",
      },
    });
    expect(recogniseCatalogue(headerOf(sample("cellartracker.csv")))?.mapping.abv).toBeUndefined();
    expect(recogniseCatalogue(headerOf(sample("whiskybase.csv")))).toMatchObject({
      label: "Whiskybase",
      mapping: { name: "Name", brand: "Brand", abv: "Strength", size: "Size", price: "Purchase price" },
    });
    expect(recogniseCatalogue(["Name", "ABV", "Price"])).toBeNull();
  });

  it("previews a CellarTracker file: the closest library bottle offered for review, a row without ABV asks for it", async () => {
    const res = await importFile(sample("cellartracker.csv"), mappingFor(sample("cellartracker.csv")), true);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ImportReport>();
    const [lagavulinRow, springbankRow] = report.rows;
    expect(lagavulinRow).toMatchObject({
      row: 2,
      name: "Lagavulin 16 Year Old",
      action: "error",
      problems: [TransferMessages.abvMissing],
      match: { id: lagavulin, name: "Lagavulin 16", chosen: false },
    });
    expect(springbankRow).toMatchObject({ row: 3, action: "error", problems: [TransferMessages.abvMissing] });
    expect(springbankRow?.match).toBeUndefined();
  });

  it("imports with the review: a confirmed match gets the row's purchase, a new bottle gets the ABV given and its purchase", async () => {
    const csv = sample("cellartracker.csv");
    const review = [
      { row: 2, bottleId: lagavulin },
      { row: 3, bottleId: null, abv: 46 },
    ];
    const preview = (await importFile(csv, mappingFor(csv, { review }), true)).json<ImportReport>();
    expect(preview.rows.map((r) => r.action)).toEqual(["add-purchase", "create"]);
    expect(preview.rows[0]).toMatchObject({
      match: { id: lagavulin, chosen: true },
      purchase: { datePurchased: "2025-10-04", purchasePrice: 94.99 },
    });
    expect(preview).toMatchObject({ create: 1, addPurchase: 1, errors: 0 });
    const bottlesBefore = t.app.deps.db.$client.prepare("SELECT count(*) AS n FROM bottles").get();

    const res = await importFile(csv, mappingFor(csv, { review }), false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ created: 1, addPurchase: 1 });
    expect(purchases(lagavulin)).toEqual([{ date: "2025-10-04", cents: 9499 }]);
    const springbank = t.app.deps.db.$client
      .prepare("SELECT id, abv, size_ml AS sizeMl FROM bottles WHERE name = 'Springbank 10 Year Old'")
      .get() as { id: number; abv: number; sizeMl: number };
    expect(springbank).toMatchObject({ abv: 46, sizeMl: 700 });
    expect(purchases(springbank.id)).toEqual([{ date: "2025-11-02", cents: 5950 }]);
    expect(t.app.deps.db.$client.prepare("SELECT count(*) AS n FROM bottles").get()).toEqual({
      n: (bottlesBefore as { n: number }).n + 1,
    });
    const entry = t.app.deps.db.$client
      .prepare("SELECT after FROM activity WHERE action = 'bottles.import' ORDER BY id DESC LIMIT 1")
      .get() as { after: string };
    expect(JSON.parse(entry.after)).toMatchObject({ created: 1, purchasesAddedTo: [lagavulin] });
  });

  it("reads Whiskybase's strength and size, and a changed match takes the purchase to the bottle chosen", async () => {
    const csv = sample("whiskybase.csv");
    const first = (await importFile(csv, mappingFor(csv), true)).json<ImportReport>();
    expect(first.rows[0]).toMatchObject({ name: "Ardbeg Uigeadail", action: "skip-existing" });
    expect(first.rows[1]).toMatchObject({ name: "Kilchoman Machir Bay", action: "create", problems: [] });

    // The member says the Ardbeg row is the library's Ardbeg (its purchase goes there), and that
    // Kilchoman is a new bottle.
    const review = [
      { row: 2, bottleId: ardbeg },
      { row: 3, bottleId: null },
    ];
    const res = await importFile(csv, mappingFor(csv, { review }), false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ created: 1, addPurchase: 1, errors: 0 });
    expect(purchases(ardbeg)).toEqual([{ date: "2025-09-14", cents: 8990 }]);
    const kilchoman = t.app.deps.db.$client
      .prepare("SELECT abv, size_ml AS sizeMl FROM bottles WHERE name = 'Kilchoman Machir Bay'")
      .get();
    expect(kilchoman).toEqual({ abv: 46, sizeMl: 700 });
  });

  it("refuses a review naming a bottle that is not in the library, writing nothing", async () => {
    const csv = sample("whiskybase.csv");
    const before = purchases(ardbeg).length;
    const res = await importFile(csv, mappingFor(csv, { review: [{ row: 2, bottleId: 987654 }] }), true);
    expect(res.json<ImportReport>().rows[0]).toMatchObject({
      action: "error",
      problems: [TransferMessages.reviewedBottleMissing],
    });
    const bad = await importFile(csv, mappingFor(csv, { review: [{ row: 1, bottleId: null }] }), true);
    expect(bad.statusCode).toBe(400);
    expect(purchases(ardbeg).length).toBe(before);
  });
});
