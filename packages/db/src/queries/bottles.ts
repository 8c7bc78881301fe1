import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  costPerPourCents,
  type BottleDetail,
  type BottleListItem,
  type BottleOption,
  type Favourite,
} from "@club/shared";
import type { Db, Tx } from "../client";
import { preparedPerDb } from "../prepared";
import { bottleImages, bottles, brands, countries, drinkTypes, favourites, states } from "../schema";
import { countedPoursJsonSql, fillLevelsFromRows, type MeetingPour } from "./cellar";
import { listInstancesForBottle } from "./instances";

const byName = [sql`${bottles.name} COLLATE NOCASE`, asc(bottles.id)] as const;

/**
 * A bottle with its lookup names (BottleListItem): the library's row, a pour's bottle, the start of
 * the detail. The query joins the four lookups (left joins: a name is null when absent).
 */
export const bottleListColumns = {
  id: bottles.id,
  name: bottles.name,
  brand: brands.name,
  drinkType: drinkTypes.name,
  country: countries.name,
  state: states.name,
  abv: bottles.abv,
};

const listBottlesQuery = preparedPerDb((db) =>
  db
    .select(bottleListColumns)
    .from(bottles)
    .leftJoin(brands, eq(brands.id, bottles.brandId))
    .leftJoin(drinkTypes, eq(drinkTypes.id, bottles.drinkTypeId))
    .leftJoin(countries, eq(countries.id, bottles.countryId))
    .leftJoin(states, eq(states.id, bottles.stateId))
    .orderBy(...byName)
    .prepare(),
);

/** AllBottlesList: every bottle with its lookup names (null when absent), sorted by name; one query. */
export const listBottles = (db: Db): BottleListItem[] => listBottlesQuery(db).all();

const listBottleOptionsQuery = preparedPerDb((db) =>
  db
    .select({ id: bottles.id, name: bottles.name })
    .from(bottles)
    .orderBy(...byName)
    .prepare(),
);

/** {id, name} of every bottle, sorted by name; one query. */
export const listBottleOptions = (db: Db): BottleOption[] => listBottleOptionsQuery(db).all();

const bottleDetailQuery = preparedPerDb((db) =>
  db
    .select({
      ...bottleListColumns,
      storeLink: bottles.storeLink,
      brandId: bottles.brandId,
      drinkTypeId: bottles.drinkTypeId,
      countryId: bottles.countryId,
      stateId: bottles.stateId,
      imageVersion: bottleImages.hash,
      sizeMl: bottles.sizeMl,
      barcode: bottles.barcode,
      pours: countedPoursJsonSql(sql.placeholder("today")),
      /** The names of bottles merged into it, oldest first, as a JSON array (no extra statement). */
      aliases: sql<string>`(SELECT json_group_array(a.name) FROM
        (SELECT name FROM bottle_aliases WHERE bottle_id = "bottles"."id" ORDER BY id) a)`,
    })
    .from(bottles)
    .leftJoin(brands, eq(brands.id, bottles.brandId))
    .leftJoin(drinkTypes, eq(drinkTypes.id, bottles.drinkTypeId))
    .leftJoin(countries, eq(countries.id, bottles.countryId))
    .leftJoin(states, eq(states.id, bottles.stateId))
    .leftJoin(bottleImages, eq(bottleImages.bottleId, bottles.id))
    .where(eq(bottles.id, sql.placeholder("id")))
    .prepare(),
);

/**
 * One bottle with lookup names, image version and purchases, each with its cost per pour and (open
 * ones) fill level as of `today` (the club's date); two queries (one when unknown): the bottle row
 * carries the meeting pours its fill levels count.
 */
export function findBottleDetail(
  db: Db,
  id: number,
  today: string = new Date().toISOString().slice(0, 10),
): BottleDetail | undefined {
  const found = bottleDetailQuery(db).get({ id, today });
  if (!found) return undefined;
  const { pours, ...row } = found;
  const instances = listInstancesForBottle(db, id);
  const levels = fillLevelsFromRows(instances, row.sizeMl, JSON.parse(pours) as MeetingPour[]);
  return {
    ...row,
    hasImage: row.imageVersion !== null,
    bottleInstances: instances.map((instance) => {
      const level = levels.get(instance.id);
      return {
        ...instance,
        costPerPour: costPerPourCents(Math.round(instance.purchasePrice * 100), row.sizeMl) / 100,
        fillLevelPct: level?.fillLevelPct ?? null,
        levelSource: level?.levelSource ?? null,
      };
    }),
    aliases: JSON.parse(row.aliases) as string[],
  };
}

const bottleExistsQuery = preparedPerDb((db) =>
  db
    .select({ id: bottles.id })
    .from(bottles)
    .where(eq(bottles.id, sql.placeholder("id")))
    .prepare(),
);

export const isExistingBottle = (db: Db, id: number): boolean =>
  bottleExistsQuery(db).get({ id }) !== undefined;

const bottleByBarcodeQuery = preparedPerDb((db) =>
  db
    .select({ id: bottles.id, name: bottles.name })
    .from(bottles)
    .where(eq(bottles.barcode, sql.placeholder("code")))
    .prepare(),
);

/** The bottle this barcode (as `normaliseBarcode` writes it) is attached to; one query. */
export const findBottleByBarcode = (db: Db, code: string): BottleOption | undefined =>
  bottleByBarcodeQuery(db).get({ code });

export type LookupKind = "brand" | "drinkType" | "country" | "state";
const lookupTables = { brand: brands, drinkType: drinkTypes, country: countries, state: states } as const;

export function lookupIdExists(db: Db, kind: LookupKind, id: number): boolean {
  const table = lookupTables[kind];
  return db.select({ id: table.id }).from(table).where(eq(table.id, id)).get() !== undefined;
}

/** The brand with this name compared case-insensitively, created when missing. */
export function findOrCreateBrand(db: Db | Tx, name: string): { id: number; name: string } {
  const find = () =>
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(sql`lower(${brands.name}) = lower(${name})`)
      .get();
  const existing = find();
  if (existing) return existing;
  // The unique index on lower(name) settles a race between two creators.
  db.insert(brands).values({ name }).onConflictDoNothing().run();
  const created = find();
  if (!created) throw new Error(`brand ${name} could not be created`);
  return created;
}

export interface NewBottleValues {
  name: string;
  storeLink: string | null;
  /** An existing brand id, or a brand name to create or reuse case-insensitively. */
  brand: { id: number } | { name: string };
  drinkTypeId: number | null;
  countryId: number | null;
  stateId: number | null;
  abv: number;
  /** In ml; the column's default (700) when absent. */
  sizeMl?: number;
  createdBy?: number | null;
}

/** Resolves the brand and inserts the bottle in one transaction. */
export const insertBottle = (db: Db, values: NewBottleValues): { id: number } =>
  db.transaction((tx) => {
    const brandId = "id" in values.brand ? values.brand.id : findOrCreateBrand(tx, values.brand.name).id;
    return tx
      .insert(bottles)
      .values({
        name: values.name,
        storeLink: values.storeLink,
        brandId,
        drinkTypeId: values.drinkTypeId,
        countryId: values.countryId,
        stateId: values.stateId,
        abv: values.abv,
        ...(values.sizeMl === undefined ? {} : { sizeMl: values.sizeMl }),
        createdBy: values.createdBy ?? null,
      })
      .returning({ id: bottles.id })
      .get();
  });

export type BottleAttributes = Partial<{
  brandId: number;
  drinkTypeId: number;
  countryId: number;
  stateId: number;
  abv: number;
}>;

/** Changes some attributes of a bottle; false when the bottle does not exist. */
export const updateBottleAttributes = (db: Db, id: number, patch: BottleAttributes): boolean =>
  db.update(bottles).set(patch).where(eq(bottles.id, id)).run().changes === 1;

export type BottleImageRow = typeof bottleImages.$inferSelect;

export const findBottleImage = (db: Db, bottleId: number): BottleImageRow | undefined =>
  db.select().from(bottleImages).where(eq(bottleImages.bottleId, bottleId)).get();

/** Sets (or replaces) a bottle's image record. */
export function upsertBottleImage(
  db: Db,
  values: {
    bottleId: number;
    hash: string;
    contentType: string;
    width: number;
    height: number;
    bytes: number;
  },
): void {
  const updatedAt = new Date().toISOString();
  db.insert(bottleImages)
    .values({ ...values, updatedAt })
    .onConflictDoUpdate({
      target: bottleImages.bottleId,
      set: {
        hash: values.hash,
        contentType: values.contentType,
        width: values.width,
        height: values.height,
        bytes: values.bytes,
        updatedAt,
      },
    })
    .run();
}

/** The member's favourite bottles, newest first. */
export function listFavourites(db: Db, memberId: number): Favourite[] {
  return db
    .select({ bottleId: favourites.bottleId, name: bottles.name, createdAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(bottles, eq(bottles.id, favourites.bottleId))
    .where(eq(favourites.memberId, memberId))
    .orderBy(desc(favourites.createdAt), desc(favourites.bottleId))
    .all();
}

/** Whether the member has marked the bottle. */
export const isFavourite = (db: Db | Tx, memberId: number, bottleId: number): boolean =>
  db
    .select({ bottleId: favourites.bottleId })
    .from(favourites)
    .where(and(eq(favourites.memberId, memberId), eq(favourites.bottleId, bottleId)))
    .get() !== undefined;

/** Marks or unmarks the bottle as the member's favourite (idempotent). */
export function setFavouriteRow(db: Db | Tx, memberId: number, bottleId: number, favourite: boolean): void {
  if (favourite) db.insert(favourites).values({ memberId, bottleId }).onConflictDoNothing().run();
  else
    db.delete(favourites)
      .where(and(eq(favourites.memberId, memberId), eq(favourites.bottleId, bottleId)))
      .run();
}
