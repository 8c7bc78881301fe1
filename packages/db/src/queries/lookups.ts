import { asc, sql } from "drizzle-orm";
import type { LookupItem } from "@club/shared";
import type { Db } from "../client";
import { brands, countries, drinkTypes, states } from "../schema";

type LookupTable = typeof brands | typeof drinkTypes | typeof countries | typeof states;

/** {id, name} of a lookup table, sorted by name case-insensitively. */
const listLookup = (db: Db, table: LookupTable): LookupItem[] =>
  db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(sql`${table.name} COLLATE NOCASE`, asc(table.id))
    .all();

export const listBrands = (db: Db): LookupItem[] => listLookup(db, brands);
export const listDrinkTypes = (db: Db): LookupItem[] => listLookup(db, drinkTypes);
export const listCountries = (db: Db): LookupItem[] => listLookup(db, countries);
export const listStates = (db: Db): LookupItem[] => listLookup(db, states);
