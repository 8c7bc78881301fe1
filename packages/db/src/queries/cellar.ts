import { sql } from "drizzle-orm";

/**
 * SQL pieces every cellar-aware read shares (search, shelf, stats, export), so that "open" and
 * "cost per pour" mean the same everywhere. They refer to the outer query's `bottles` row by its table name (drizzle would print a bare
 * "id", which a subquery resolves to its own table).
 */

/** sealed | open | finished | never_bought (see BottleStatus in @club/shared). */
export const bottleStatusSql = sql<"sealed" | "open" | "finished" | "never_bought">`(CASE
  WHEN EXISTS (SELECT 1 FROM bottle_instances bi WHERE bi.bottle_id = "bottles"."id" AND bi.date_finished IS NULL AND bi.opened_date IS NOT NULL) THEN 'open'
  WHEN EXISTS (SELECT 1 FROM bottle_instances bi WHERE bi.bottle_id = "bottles"."id" AND bi.date_finished IS NULL) THEN 'sealed'
  WHEN EXISTS (SELECT 1 FROM bottle_instances bi WHERE bi.bottle_id = "bottles"."id") THEN 'finished'
  ELSE 'never_bought' END)`;

/** The price the bottle's cost per pour is based on: the open purchase's, else the latest one's. */
export const currentPriceCentsSql = sql<
  number | null
>`(SELECT bi.purchase_price_cents FROM bottle_instances bi
  WHERE bi.bottle_id = "bottles"."id"
  ORDER BY (bi.date_finished IS NULL AND bi.opened_date IS NOT NULL) DESC, bi.date_purchased DESC, bi.id DESC LIMIT 1)`;

/** Cents per standard 25 ml pour (costPerPourCents in @club/shared, in SQL); null if never bought. */
export const costPerPourCentsSql = sql<
  number | null
>`CAST(round(${currentPriceCentsSql} * 25.0 / max("bottles"."size_ml", 1)) AS INTEGER)`;
