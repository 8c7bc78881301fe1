import { sql } from "drizzle-orm";
import { costPerPourCents, DEFAULT_TASTERS, type LevelSource, type ShelfItem } from "@club/shared";
import type { Db } from "../client";
import { visiblePourSql } from "./secrecy";

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

/* ---- Fill levels and the shelf ---- */

const isOpen = (p: { dateFinished: string | null }) => p.dateFinished === null;

/** A purchase that has been opened (the estimate needs its finished siblings too). */
export interface OpenedPurchase {
  id: number;
  bottleId: number;
  openedDate: string;
  /** YYYY-MM-DD or an ISO timestamp (finishing stores the moment); null while open. */
  dateFinished: string | null;
  levelPct: number | null;
  levelSetOn: string | null;
}

/** A visible pour of a bottle at a meeting held by today, and for how many people it was poured. */
export interface MeetingPour {
  bottleId: number;
  date: string;
  pourMl: number;
  /** Members who scored it; 0 when nobody did. */
  scored: number;
  /** "Going" answers (not waitlisted) plus their guests. */
  going: number;
}

export interface FillEstimate {
  /** Whole percent, 0 to 100. */
  fillLevelPct: number;
  levelSource: LevelSource;
}

/** How many people a pour was poured for: its scores (members' and guests'), else the "going" answers, else a default. */
export const tastersOf = (pour: Pick<MeetingPour, "scored" | "going">): number =>
  pour.scored > 0 ? pour.scored : pour.going > 0 ? pour.going : DEFAULT_TASTERS;

/** Whether a purchase was open on a date: opened by then, and not finished before it. */
const openOn = (purchase: OpenedPurchase, date: string): boolean =>
  purchase.openedDate <= date &&
  (purchase.dateFinished === null || date <= purchase.dateFinished.slice(0, 10));

/**
 * The purchase a pour came from: of the bottle's purchases open on the meeting's date, the one
 * opened first (then the lowest id), so that two open purchases never both count one pour.
 */
export function purchaseOfPour(pour: MeetingPour, purchases: readonly OpenedPurchase[]): number | undefined {
  let chosen: OpenedPurchase | undefined;
  for (const p of purchases) {
    if (p.bottleId !== pour.bottleId || !openOn(p, pour.date)) continue;
    if (
      !chosen ||
      p.openedDate < chosen.openedDate ||
      (p.openedDate === chosen.openedDate && p.id < chosen.id)
    )
      chosen = p;
  }
  return chosen?.id;
}

/**
 * An open purchase's fill level: 100 % from its opened date, or a member's reading from the
 * reading's date; minus each meeting pour charged to it after that (on or after the opened date,
 * strictly after a reading's date: a reading taken on a meeting night is taken after the pours),
 * pour_ml × tasters / the bottle's size. Never below 0. Pure: the unit tests feed it by hand.
 */
export function estimateFillLevel(
  purchase: OpenedPurchase,
  sizeMl: number,
  pours: readonly MeetingPour[],
  purchases: readonly OpenedPurchase[],
): FillEstimate {
  const reading =
    purchase.levelPct !== null && purchase.levelSetOn !== null && purchase.levelSetOn >= purchase.openedDate
      ? { pct: purchase.levelPct, on: purchase.levelSetOn }
      : null;
  let pouredMl = 0;
  for (const pour of pours) {
    if (pour.bottleId !== purchase.bottleId) continue;
    if (reading ? pour.date <= reading.on : pour.date < purchase.openedDate) continue;
    if (purchaseOfPour(pour, purchases) !== purchase.id) continue;
    pouredMl += pour.pourMl * tastersOf(pour);
  }
  const start = reading ? reading.pct : 100;
  const pct = start - (pouredMl * 100) / Math.max(sizeMl, 1);
  return {
    fillLevelPct: Math.min(100, Math.max(0, Math.round(pct))),
    levelSource: reading ? "reading" : "estimate",
  };
}

interface OpenedPurchaseRow extends OpenedPurchase {
  name: string;
  brand: string | null;
  sizeMl: number;
  priceCents: number;
}

/**
 * Every opened purchase of the bottles that have an open one (or of one bottle), with the
 * bottle's name, brand and size. One statement.
 */
const openedPurchases = (db: Db, bottleId: number | null): OpenedPurchaseRow[] =>
  db.all<OpenedPurchaseRow>(sql`
    SELECT bi.id AS id, bi.bottle_id AS bottleId, bi.opened_date AS openedDate,
      bi.date_finished AS dateFinished, bi.level_pct AS levelPct, bi.level_set_on AS levelSetOn,
      b.name AS name, br.name AS brand, b.size_ml AS sizeMl, bi.purchase_price_cents AS priceCents
    FROM bottle_instances bi
    JOIN bottles b ON b.id = bi.bottle_id
    LEFT JOIN brands br ON br.id = b.brand_id
    WHERE bi.opened_date IS NOT NULL
      AND ${bottleId === null ? sql`1` : sql`bi.bottle_id = ${bottleId}`}
      AND EXISTS (SELECT 1 FROM bottle_instances o WHERE o.bottle_id = bi.bottle_id
        AND o.opened_date IS NOT NULL AND o.date_finished IS NULL)`);

/** Which pours the estimate counts: meetings held by `today`, never a blind pour before its reveal. */
const countedPourWhere = (today: unknown) => sql`m.date <= ${today} AND ${visiblePourSql}`;

/** Members' and guests' scores of the pour (guests drink too). */
const scoredSql = sql`((SELECT count(*) FROM scores s WHERE s.meeting_id = mb.meeting_id AND s.bottle_id = mb.bottle_id)
  + (SELECT count(*) FROM guest_scores gs WHERE gs.meeting_id = mb.meeting_id AND gs.bottle_id = mb.bottle_id))`;
const goingSql = sql`(SELECT count(*) + coalesce(sum(r.guests), 0) FROM rsvps r
  WHERE r.meeting_id = mb.meeting_id AND r.status = 'going' AND r.waitlisted = 0)`;

/**
 * The outer query's bottle's counted pours as a JSON array of MeetingPour (the bottle page reads
 * them in the same statement as the bottle; `today` is usually a placeholder).
 */
export const countedPoursJsonSql = (today: unknown) => sql<string>`(SELECT json_group_array(json_object(
    'bottleId', mb.bottle_id, 'date', m.date, 'pourMl', mb.pour_ml, 'scored', ${scoredSql}, 'going', ${goingSql}))
  FROM meeting_bottles mb JOIN meetings m ON m.id = mb.meeting_id
  WHERE mb.bottle_id = "bottles"."id" AND ${countedPourWhere(today)})`;

/**
 * The fill level of each open purchase among a bottle's purchases, by purchase id: the bottle
 * page's arithmetic on rows it has already read.
 */
export function fillLevelsFromRows(
  purchases: readonly {
    id: number;
    bottleId: number;
    openedDate: string | null;
    dateFinished: string | null;
    levelPct: number | null;
    levelSetOn: string | null;
  }[],
  sizeMl: number,
  pours: readonly MeetingPour[],
): Map<number, FillEstimate> {
  const opened = purchases.filter((p): p is OpenedPurchase => p.openedDate !== null);
  const levels = new Map<number, FillEstimate>();
  for (const p of opened.filter(isOpen)) levels.set(p.id, estimateFillLevel(p, sizeMl, pours, opened));
  return levels;
}

/**
 * The pours the estimate counts, for the bottles that have an open purchase (or one bottle):
 * meetings held by `today`, and never a blind pour before its reveal (its bottle's level must not
 * drop while the pour is a secret). One statement.
 */
const countedPours = (db: Db, bottleId: number | null, today: string): MeetingPour[] =>
  db.all<MeetingPour>(sql`
    SELECT mb.bottle_id AS bottleId, m.date AS date, mb.pour_ml AS pourMl,
      ${scoredSql} AS scored, ${goingSql} AS going
    FROM meeting_bottles mb
    JOIN meetings m ON m.id = mb.meeting_id
    WHERE ${countedPourWhere(today)}
      AND ${bottleId === null ? sql`1` : sql`mb.bottle_id = ${bottleId}`}
      AND EXISTS (SELECT 1 FROM bottle_instances o WHERE o.bottle_id = mb.bottle_id
        AND o.opened_date IS NOT NULL AND o.date_finished IS NULL)`);

/** The fill level of each open purchase of one bottle, by purchase id, as of `today`; two statements. */
export function fillLevelsOfBottle(db: Db, bottleId: number, today: string): Map<number, FillEstimate> {
  const purchases = openedPurchases(db, bottleId);
  const levels = new Map<number, FillEstimate>();
  const pours = countedPours(db, bottleId, today);
  for (const p of purchases.filter(isOpen))
    levels.set(p.id, estimateFillLevel(p, p.sizeMl, pours, purchases));
  return levels;
}

/** GET /api/Shelf: every open purchase with its fill level and cost per pour, lowest level first. */
export function listShelf(db: Db, today: string): ShelfItem[] {
  const purchases = openedPurchases(db, null);
  if (!purchases.some(isOpen)) return [];
  const pours = countedPours(db, null, today);
  const byBottle = new Map<number, OpenedPurchaseRow[]>();
  for (const p of purchases) byBottle.set(p.bottleId, [...(byBottle.get(p.bottleId) ?? []), p]);
  return purchases
    .filter(isOpen)
    .map((p) => {
      const level = estimateFillLevel(p, p.sizeMl, pours, byBottle.get(p.bottleId) ?? []);
      return {
        bottleId: p.bottleId,
        name: p.name,
        brand: p.brand,
        instanceId: p.id,
        openedDate: p.openedDate,
        fillLevelPct: level.fillLevelPct,
        levelSource: level.levelSource,
        sizeMl: p.sizeMl,
        costPerPour: costPerPourCents(p.priceCents, p.sizeMl) / 100,
        price: p.priceCents / 100,
      };
    })
    .sort(
      (a, b) =>
        a.fillLevelPct - b.fillLevelPct ||
        a.openedDate.localeCompare(b.openedDate) ||
        a.name.localeCompare(b.name) ||
        a.instanceId - b.instanceId,
    );
}
