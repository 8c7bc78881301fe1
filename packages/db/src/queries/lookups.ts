import { asc, sql } from "drizzle-orm";
import type { LookupItem, StateItem } from "@club/shared";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { brands, countries, drinkTypes, states } from "../schema";

type LookupTable = typeof brands | typeof drinkTypes | typeof countries | typeof states;

/** {id, name} of a lookup table, sorted by name case-insensitively; one prepared query per table. */
const lookupQuery = (table: LookupTable) =>
  preparedPerDb((db) =>
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      .orderBy(sql`${table.name} COLLATE NOCASE`, asc(table.id))
      .prepare(),
  );

const brandsQuery = lookupQuery(brands);
const drinkTypesQuery = lookupQuery(drinkTypes);
const countriesQuery = lookupQuery(countries);
const statesQuery = preparedPerDb((db) =>
  db
    .select({ id: states.id, name: states.name, countryId: states.countryId })
    .from(states)
    .orderBy(sql`${states.name} COLLATE NOCASE`, asc(states.id))
    .prepare(),
);

export const listBrands = (db: Db): LookupItem[] => brandsQuery(db).all();
export const listDrinkTypes = (db: Db): LookupItem[] => drinkTypesQuery(db).all();
export const listCountries = (db: Db): LookupItem[] => countriesQuery(db).all();
/** States and regions with their country (null: offered for any country). */
export const listStates = (db: Db): StateItem[] => statesQuery(db).all();
