import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { bottleInstances, bottles, brands, countries, drinkTypes, states } from "../schema";
import { bottleStatusSql } from "./cellar";
import { listClubScores } from "./night";

/** One row per bottle for the library CSV: lookups by name, purchases summarised. */
export function listBottlesForExport(db: Db) {
  const rows = db
    .select({
      id: bottles.id,
      name: bottles.name,
      brand: brands.name,
      type: drinkTypes.name,
      country: countries.name,
      region: states.name,
      abv: bottles.abv,
      sizeMl: bottles.sizeMl,
      storeLink: bottles.storeLink,
      status: bottleStatusSql,
      purchases: sql<number>`(SELECT count(*) FROM bottle_instances bi WHERE bi.bottle_id = "bottles"."id")`,
      spentCents: sql<number>`(SELECT coalesce(sum(bi.purchase_price_cents), 0) FROM bottle_instances bi WHERE bi.bottle_id = "bottles"."id")`,
      lastPriceCents: sql<
        number | null
      >`(SELECT bi.purchase_price_cents FROM bottle_instances bi WHERE bi.bottle_id = "bottles"."id" ORDER BY bi.date_purchased DESC, bi.id DESC LIMIT 1)`,
      lastPurchased: sql<
        string | null
      >`(SELECT max(bi.date_purchased) FROM bottle_instances bi WHERE bi.bottle_id = "bottles"."id")`,
    })
    .from(bottles)
    .leftJoin(brands, eq(brands.id, bottles.brandId))
    .leftJoin(drinkTypes, eq(drinkTypes.id, bottles.drinkTypeId))
    .leftJoin(countries, eq(countries.id, bottles.countryId))
    .leftJoin(states, eq(states.id, bottles.stateId))
    .orderBy(sql`${bottles.name} COLLATE NOCASE`, asc(bottles.id))
    .all();
  // Only visible pours count: a blind pour's scores stay secret until it is revealed.
  const scoreOf = new Map(listClubScores(db).map((s) => [s.bottleId, s]));
  return rows.map((row) => {
    const score = scoreOf.get(row.id);
    return { ...row, clubScore: score?.clubScore ?? null, scores: score?.count ?? 0 };
  });
}
export type BottleExportRow = ReturnType<typeof listBottlesForExport>[number];

/** Every purchase with its bottle's name and brand, oldest first. */
export const listPurchasesForExport = (db: Db) =>
  db
    .select({
      id: bottleInstances.id,
      bottleId: bottles.id,
      bottle: bottles.name,
      brand: brands.name,
      datePurchased: bottleInstances.datePurchased,
      priceCents: bottleInstances.purchasePriceCents,
      openedDate: bottleInstances.openedDate,
      dateFinished: bottleInstances.dateFinished,
    })
    .from(bottleInstances)
    .innerJoin(bottles, eq(bottles.id, bottleInstances.bottleId))
    .leftJoin(brands, eq(brands.id, bottles.brandId))
    .orderBy(asc(bottleInstances.datePurchased), asc(bottleInstances.id))
    .all();

/** What an import compares a row with: every bottle's name, brand and ABV. */
export const listBottleKeys = (db: Db) =>
  db
    .select({ id: bottles.id, name: bottles.name, brand: brands.name, abv: bottles.abv })
    .from(bottles)
    .leftJoin(brands, eq(brands.id, bottles.brandId))
    .all();

/** A bottle from an import, with its purchase if the file had one. */
export interface ImportedBottle {
  name: string;
  brandId: number;
  drinkTypeId: number | null;
  countryId: number | null;
  stateId: number | null;
  abv: number;
  sizeMl: number;
  storeLink: string | null;
  purchase: { datePurchased: string; priceCents: number } | null;
  createdBy: number;
}

/**
 * Writes imported bottles (and their purchases) with statements prepared once: an import of
 * 5,000 rows would spend seconds building the same query through the query builder each time.
 * Use inside the import's transaction.
 */
export function importedBottleWriter(db: Db) {
  const client = db.$client;
  const findBrand = client.prepare<[string], { id: number }>(
    "SELECT id FROM brands WHERE lower(name) = lower(?)",
  );
  const addBrand = client.prepare<[string]>("INSERT INTO brands (name) VALUES (?) ON CONFLICT DO NOTHING");
  const addBottle = client.prepare<unknown[], { id: number }>(
    `INSERT INTO bottles (name, brand_id, drink_type_id, country_id, state_id, abv, size_ml, store_link, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const addPurchase = client.prepare(
    "INSERT INTO bottle_instances (bottle_id, date_purchased, purchase_price_cents, created_by) VALUES (?, ?, ?, ?)",
  );
  return {
    /** The brand of this name (any case), created when there is none. */
    brandId(name: string): number {
      const found = findBrand.get(name);
      if (found) return found.id;
      addBrand.run(name);
      return findBrand.get(name)!.id;
    },
    /** A purchase of a bottle already in the library (an import row the review matched to it). */
    addPurchase(bottleId: number, datePurchased: string, priceCents: number, createdBy: number): void {
      addPurchase.run(bottleId, datePurchased, priceCents, createdBy);
    },
    insert(b: ImportedBottle): number {
      const { id } = addBottle.get(
        b.name,
        b.brandId,
        b.drinkTypeId,
        b.countryId,
        b.stateId,
        b.abv,
        b.sizeMl,
        b.storeLink,
        b.createdBy,
      )!;
      if (b.purchase) addPurchase.run(id, b.purchase.datePurchased, b.purchase.priceCents, b.createdBy);
      return id;
    },
  };
}
