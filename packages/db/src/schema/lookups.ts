import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const brands = sqliteTable(
  "brands",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
  },
  (t) => [uniqueIndex("brands_name_nocase_idx").on(sql`lower(${t.name})`)],
);

export const drinkTypes = sqliteTable("drink_types", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull().unique(),
});

export const countries = sqliteTable("countries", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull().unique(),
});

/** States and regions (Kentucky, Speyside, Islay...), in their country (null: any country). */
export const states = sqliteTable("states", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull().unique(),
  countryId: integer().references(() => countries.id),
});
