import { sql, type SQL } from "drizzle-orm";
import type {
  BottleListItem,
  BottleSearchItem,
  BottleSearchSort,
  BottleStatus,
  GlobalSearchResult,
  SimilarBottle,
} from "@club/shared";
import type { Db } from "../client";
import { bottleStatusSql, costPerPourCentsSql, currentPriceCentsSql } from "./cellar";
import { pourResultsShown, visiblePour } from "./secrecy";
import { meetingHostNameSql } from "./host";

/*
 * Library search over the bottle_search FTS5 table (migration 0006: trigram tokenizer, diacritics
 * removed, "whiskey" folded to "whisky", one row per bottle with rowid = bottles.id).
 *
 * A query first runs as an exact search: every word of three letters or more must appear as a
 * substring somewhere in the bottle's row (shorter words are checked with instr), ranked by bm25
 * with the name weighted highest. When that finds nothing (within the filters), it runs as a
 * typo-tolerant search: a
 * bottle is a candidate when it shares a trigram with the query, and it matches when at least half
 * of the query's trigrams appear in its name, brand, region or aliases ("lagavlin" shares 4 of 6
 * with "lagavulin"); better shares rank first.
 */

/** bm25 weights, in the table's column order: name, brand, type, country, region, store, comments, aliases. */
const BM25 = sql.raw("bm25(bottle_search, 10.0, 5.0, 2.0, 2.0, 2.0, 1.0, 1.0, 8.0)");
/** The share of the query's trigrams a typo match must have. */
const FUZZY_FLOOR = 0.5;
/** The lowest Similar score worth showing. */
const SIMILAR_FLOOR = 0.3;

const DIACRITICS = /[\u0300-\u036f]/g;
/** Control characters: FTS5 reads a query as a C string, so a NUL inside a phrase "unterminates" it. */
const CONTROL = /\p{Cc}/gu;

/**
 * What the index holds for a text: lower case, no accents, "whiskey" as "whisky", control
 * characters as spaces, single spaces.
 */
export function normalizeSearchText(text: string): string {
  return text
    .replace(CONTROL, " ")
    .normalize("NFD")
    .replace(DIACRITICS, "")
    .toLowerCase()
    .replace(/whiskey/g, "whisky")
    .replace(/\s+/g, " ")
    .trim();
}

/** The different words of a text, as the index holds them (a word said twice is one condition). */
const words = (text: string): string[] => [...new Set(normalizeSearchText(text).split(" ").filter(Boolean))];

/** The distinct three-letter pieces of each word (pieces never span a space). */
export function trigrams(text: string): string[] {
  const pieces = new Set<string>();
  for (const word of words(text)) {
    const chars = [...word];
    for (let i = 0; i + 3 <= chars.length; i++) pieces.add(chars.slice(i, i + 3).join(""));
  }
  return [...pieces];
}

/** An FTS5 string: anything inside double quotes is literal text. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

const ALL_TEXT = sql.raw(
  "(bottle_search.name || ' ' || bottle_search.brand || ' ' || bottle_search.type || ' ' || bottle_search.country || ' ' || bottle_search.region || ' ' || bottle_search.store || ' ' || bottle_search.comments || ' ' || bottle_search.aliases)",
);
const NAME_TEXT = sql.raw(
  "(bottle_search.name || ' ' || bottle_search.brand || ' ' || bottle_search.region || ' ' || bottle_search.aliases)",
);

/**
 * Rows (id, rank) of the exact search; lower rank is better. Words shorter than three letters are
 * looked for in the row's whole text, which is put together once per row (`OFFSET 0` keeps SQLite
 * from copying the expression into each word's condition: 100 words put it together 100 times per
 * row, 2.2 s of CPU on 10,000 bottles).
 */
function exactMatches(query: string): SQL | null {
  const all = words(query);
  if (all.length === 0) return null;
  const long = all.filter((w) => [...w].length >= 3);
  const short = all.filter((w) => [...w].length < 3);
  const shortHits = sql.join(
    short.map((w) => sql`instr(t, ${w}) > 0`),
    sql` AND `,
  );
  if (long.length === 0) {
    // Nothing the trigram index can look up: scan, name hits first.
    const nameHits = sql.join(
      short.map((w) => sql`(instr(name, ${w}) > 0)`),
      sql` + `,
    );
    return sql`SELECT id, -(${nameHits}) AS rank FROM (
      SELECT rowid AS id, bottle_search.name AS name, ${ALL_TEXT} AS t FROM bottle_search LIMIT -1 OFFSET 0
    ) WHERE ${shortHits}`;
  }
  const match = long.map(phrase).join(" ");
  const found = sql`SELECT rowid AS id, ${BM25} AS rank FROM bottle_search WHERE bottle_search MATCH ${match}`;
  if (short.length === 0) return found;
  return sql`SELECT id, rank FROM (
    SELECT rowid AS id, ${BM25} AS rank, ${ALL_TEXT} AS t FROM bottle_search WHERE bottle_search MATCH ${match} LIMIT -1 OFFSET 0
  ) WHERE ${shortHits}`;
}

/** How many typo candidates are checked (the best by bm25 over the shared trigrams). */
const FUZZY_CANDIDATES = 200;

/**
 * Rows (id, rank) of the typo-tolerant search, or null when nothing is close. The candidates are
 * the 200 rows whose name, brand, region or aliases share the most (and rarest) trigrams with the
 * query; of those, the ones holding at least half of the query's trigrams match.
 */
function fuzzyMatches(db: Db, query: string): SQL | null {
  const pieces = trigrams(query);
  if (pieces.length < 2) return null;
  const hits = sql.join(
    pieces.map((t) => sql`(instr(t, ${t}) > 0)`),
    sql` + `,
  );
  const needed = Math.max(2, Math.ceil(pieces.length * FUZZY_FLOOR));
  // Only the columns a typo is checked against: comments would make most bottles candidates.
  const match = `{name brand region aliases} : (${pieces.map(phrase).join(" OR ")})`;
  const rows = db.all<{ id: number; hits: number }>(sql`SELECT id, hits FROM (
    SELECT id, ${hits} AS hits FROM (
      SELECT rowid AS id, ${NAME_TEXT} AS t FROM bottle_search WHERE bottle_search MATCH ${match}
      ORDER BY bm25(bottle_search) LIMIT ${FUZZY_CANDIDATES}
    )
  ) WHERE hits >= ${needed}`);
  if (rows.length === 0) return null;
  const ranks = Object.fromEntries(rows.map((r) => [r.id, -r.hits / pieces.length]));
  return sql`SELECT CAST(key AS INTEGER) AS id, value AS rank FROM json_each(${JSON.stringify(ranks)})`;
}

/** The club's average score of a bottle over the pours whose results show (never an unrevealed blind pour). */
export const clubScoreSql = sql<number | null>`(SELECT avg(s.total)
  FROM club_score_rows s
  JOIN meetings ON meetings.id = s.meeting_id
  JOIN meeting_bottles ON meeting_bottles.meeting_id = s.meeting_id AND meeting_bottles.bottle_id = s.bottle_id
  WHERE s.bottle_id = "bottles"."id" AND ${pourResultsShown})`;

const pouredVisiblySql = sql`EXISTS (SELECT 1 FROM meeting_bottles JOIN meetings ON meetings.id = meeting_bottles.meeting_id
  WHERE meeting_bottles.bottle_id = "bottles"."id" AND ${visiblePour})`;

const hasPhotoSql = sql`EXISTS (SELECT 1 FROM bottle_images WHERE bottle_images.bottle_id = "bottles"."id")`;

/**
 * The order of bottleStatusSql (open, sealed, finished, never bought) in one subquery instead of
 * three EXISTS: the best status of any purchase. A test checks it agrees with bottleStatusSql.
 */
const STATUS_ORDER = sql`coalesce((SELECT min(CASE WHEN bi.date_finished IS NULL AND bi.opened_date IS NOT NULL THEN 0
  WHEN bi.date_finished IS NULL THEN 1 ELSE 2 END) FROM bottle_instances bi WHERE bi.bottle_id = "bottles"."id"), 3)`;

const SORT_SQL: Record<Exclude<BottleSearchSort, "relevance">, SQL> = {
  name: sql`"bottles"."name" COLLATE NOCASE`,
  // Subqueries rather than joins: only the sort column's lookup is read, and only for sorting.
  brand: sql`(SELECT name FROM brands WHERE brands.id = "bottles"."brand_id") COLLATE NOCASE`,
  type: sql`(SELECT name FROM drink_types WHERE drink_types.id = "bottles"."drink_type_id") COLLATE NOCASE`,
  country: sql`(SELECT name FROM countries WHERE countries.id = "bottles"."country_id") COLLATE NOCASE`,
  region: sql`(SELECT name FROM states WHERE states.id = "bottles"."state_id") COLLATE NOCASE`,
  abv: sql`"bottles"."abv"`,
  price: currentPriceCentsSql,
  status: STATUS_ORDER,
  costPerPour: costPerPourCentsSql,
  clubScore: clubScoreSql,
};

export interface BottleSearchFilters {
  q?: string;
  typeId?: number;
  countryId?: number;
  regionId?: number;
  status?: BottleStatus;
  abvMin?: number;
  abvMax?: number;
  priceMinCents?: number;
  priceMaxCents?: number;
  hasPhoto?: boolean;
  poured?: boolean;
  scoreMin?: number;
  scoreMax?: number;
}

export interface BottleSearchOptions extends BottleSearchFilters {
  /** Default: relevance when q is given, else name. */
  sort?: BottleSearchSort;
  dir?: "asc" | "desc";
  page: number;
  pageSize: number;
}

function conditions(f: BottleSearchFilters): SQL[] {
  const where: SQL[] = [];
  if (f.typeId !== undefined) where.push(sql`"bottles"."drink_type_id" = ${f.typeId}`);
  if (f.countryId !== undefined) where.push(sql`"bottles"."country_id" = ${f.countryId}`);
  if (f.regionId !== undefined) where.push(sql`"bottles"."state_id" = ${f.regionId}`);
  if (f.status !== undefined) where.push(sql`${bottleStatusSql} = ${f.status}`);
  if (f.abvMin !== undefined) where.push(sql`"bottles"."abv" >= ${f.abvMin}`);
  if (f.abvMax !== undefined) where.push(sql`"bottles"."abv" <= ${f.abvMax}`);
  if (f.priceMinCents !== undefined) where.push(sql`${currentPriceCentsSql} >= ${f.priceMinCents}`);
  if (f.priceMaxCents !== undefined) where.push(sql`${currentPriceCentsSql} <= ${f.priceMaxCents}`);
  if (f.hasPhoto !== undefined) where.push(f.hasPhoto ? hasPhotoSql : sql`NOT ${hasPhotoSql}`);
  if (f.poured !== undefined) where.push(f.poured ? pouredVisiblySql : sql`NOT ${pouredVisiblySql}`);
  if (f.scoreMin !== undefined) where.push(sql`${clubScoreSql} >= ${f.scoreMin}`);
  if (f.scoreMax !== undefined) where.push(sql`${clubScoreSql} <= ${f.scoreMax}`);
  return where;
}

const LOOKUP_JOINS = sql`LEFT JOIN brands ON brands.id = "bottles"."brand_id"
  LEFT JOIN drink_types ON drink_types.id = "bottles"."drink_type_id"
  LEFT JOIN countries ON countries.id = "bottles"."country_id"
  LEFT JOIN states ON states.id = "bottles"."state_id"`;

/** The library's row (BottleListItem, as bottleListColumns reads it) and what the search adds. */
interface ItemRow extends BottleListItem {
  status: BottleStatus;
  costPerPourCents: number | null;
  clubScore: number | null;
}

/** The library rows of these bottles, in the given order. */
function itemsByIds(db: Db, ids: number[]): BottleSearchItem[] {
  if (ids.length === 0) return [];
  const rows =
    db.all<ItemRow>(sql`SELECT "bottles"."id" AS id, "bottles"."name" AS name, brands.name AS brand,
      drink_types.name AS drinkType, countries.name AS country, states.name AS state, "bottles"."abv" AS abv,
      ${bottleStatusSql} AS status, ${costPerPourCentsSql} AS costPerPourCents, ${clubScoreSql} AS clubScore
    FROM bottles ${LOOKUP_JOINS}
    WHERE "bottles"."id" IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { costPerPourCents, ...rest } = row;
    return [{ ...rest, costPerPour: costPerPourCents === null ? null : costPerPourCents / 100 }];
  });
}

/**
 * One page of the library: search text, filters, sort and paging: the total, the page's ids (with
 * q: one query, the total as a window count), then the page's rows.
 */
export function searchBottles(db: Db, o: BottleSearchOptions): { total: number; items: BottleSearchItem[] } {
  const q = o.q?.trim() ?? "";
  if (!q) return pageOf(db, null, o);
  const exact = exactMatches(q);
  if (!exact) return { total: 0, items: [] };
  const found = pageOf(db, exact, o);
  if (found.total > 0) return found;
  // Nothing matches exactly (within the filters): allow small typos.
  const fuzzy = fuzzyMatches(db, q);
  return fuzzy ? pageOf(db, fuzzy, o) : found;
}

/** The total (one count) and, when there is any, the requested page (ids, then their rows). */
function pageOf(
  db: Db,
  matches: SQL | null,
  o: BottleSearchOptions,
): { total: number; items: BottleSearchItem[] } {
  const where = conditions(o);
  const from = matches ? sql`(${matches}) m JOIN bottles ON "bottles"."id" = m.id` : sql`bottles`;
  const filter = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const offset = (o.page - 1) * o.pageSize;
  const count = () =>
    db.get<{ n: number }>(
      matches || where.length > 0
        ? sql`SELECT count(*) AS n FROM ${from} ${filter}`
        : sql`SELECT count(*) AS n FROM bottles`,
    )?.n ?? 0;
  // Without q the count is cheap and lets the page query stop early (see below); with q the
  // full-text match is the expensive part, so it runs once and a window count rides along.
  const total = matches ? null : count();
  if (total !== null && total <= offset) return { total, items: [] };

  const sort = o.sort ?? (matches ? "relevance" : "name");
  const direction = sql.raw(o.dir === "desc" ? "DESC" : "ASC");
  // Relevance is best first whatever the direction; without q it falls back to the name.
  const order =
    sort === "relevance"
      ? matches
        ? sql`m.rank ASC`
        : sql`${SORT_SQL.name} ${direction}`
      : sql`${SORT_SQL[sort]} ${direction} NULLS LAST`;
  const orderBy = sql`ORDER BY ${order}, "bottles"."name" COLLATE NOCASE, "bottles"."id"`;
  const page = sql`LIMIT ${o.pageSize} OFFSET ${offset}`;
  if (total === null) {
    const rows = db.all<{ id: number; total: number }>(
      sql`SELECT "bottles"."id" AS id, count(*) OVER () AS total FROM ${from} ${filter} ${orderBy} ${page}`,
    );
    // An empty page says nothing about the total: past the last page, count on its own.
    if (rows.length === 0) return { total: count(), items: [] };
    return {
      total: rows[0]!.total,
      items: itemsByIds(
        db,
        rows.map((r) => r.id),
      ),
    };
  }
  // A LIMIT after ORDER BY lets SQLite keep only the best rows while it scans (no full sort).
  const ids = db
    .all<{ id: number }>(sql`SELECT "bottles"."id" AS id FROM ${from} ${filter} ${orderBy} ${page}`)
    .map((r) => r.id);
  return { total, items: itemsByIds(db, ids) };
}

/** Dice-like closeness of two texts' trigram sets, 0 to 1. */
function closeness(query: string[], candidate: string): number {
  const theirs = new Set(trigrams(candidate));
  if (query.length === 0 || theirs.size === 0) return 0;
  const shared = query.filter((t) => theirs.has(t)).length;
  const dice = (2 * shared) / (query.length + theirs.size);
  const coverage = shared / query.length;
  return (dice + coverage) / 2;
}

/**
 * The existing bottles closest to a name being typed ("Did you mean ...?"): candidates share a
 * trigram with it in their name or aliases; the score (0 to 1, higher is closer, 1 for the same
 * name) averages the Dice coefficient and the share of the typed name's trigrams they contain,
 * taking the best of the name, brand + name and each alias.
 */
export function similarBottles(db: Db, name: string, limit = 5): SimilarBottle[] {
  const pieces = trigrams(name);
  if (pieces.length === 0) return [];
  const match = `{name brand aliases} : (${pieces.map(phrase).join(" OR ")})`;
  const candidates = db.all<{ id: number; name: string; brand: string | null; aliases: string }>(sql`
    SELECT "bottles"."id" AS id, "bottles"."name" AS name, brands.name AS brand, bottle_search.aliases AS aliases
    FROM bottle_search JOIN bottles ON "bottles"."id" = bottle_search.rowid
    LEFT JOIN brands ON brands.id = "bottles"."brand_id"
    WHERE bottle_search MATCH ${match}
    ORDER BY ${BM25} LIMIT 50`);
  return candidates
    .map((c) => {
      const texts = [c.name, `${c.brand ?? ""} ${c.name}`, ...c.aliases.split(" | ").filter(Boolean)];
      const score = Math.max(...texts.map((t) => closeness(pieces, t)));
      return { id: c.id, name: c.name, brand: c.brand, score: Math.round(score * 1000) / 1000 };
    })
    .filter((c) => c.score >= SIMILAR_FLOOR)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** LIKE pattern for "contains", with the wildcards in the text escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The navigation bar's search: a few bottles (the library's ranking), meetings by date, theme or
 * host, and themes. Meetings show their date, theme and host only: nothing about their pours.
 */
export function searchEverything(db: Db, q: string, limit = 5): GlobalSearchResult {
  const text = q.trim();
  if (!text) return { bottles: [], meetings: [], themes: [] };
  const bottles = searchBottles(db, { q: text, page: 1, pageSize: limit }).items.map((b) => ({
    id: b.id,
    name: b.name,
    brand: b.brand,
  }));
  const pattern = contains(text);
  const meetings = db.all<{ id: number; date: string; theme: string; hostName: string }>(sql`
    SELECT meetings.id AS id, meetings.date AS date, themes.description AS theme, ${meetingHostNameSql} AS hostName
    FROM meetings JOIN themes ON themes.id = meetings.theme_id
    WHERE themes.description LIKE ${pattern} ESCAPE '\\' OR ${meetingHostNameSql} LIKE ${pattern} ESCAPE '\\'
      OR meetings.date LIKE ${pattern} ESCAPE '\\'
    ORDER BY meetings.date DESC LIMIT ${limit}`);
  const themes = db.all<{ id: number; description: string }>(sql`
    SELECT id, description FROM themes WHERE description LIKE ${pattern} ESCAPE '\\'
    ORDER BY description COLLATE NOCASE LIMIT ${limit}`);
  return { bottles, meetings, themes };
}
