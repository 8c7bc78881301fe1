import { sql, type SQL } from "drizzle-orm";
import type { Stats } from "@club/shared";
import type { Db } from "../client";
import { costPerPourCentsSql } from "./cellar";
import { pourResultsShown, visiblePour } from "./secrecy";

/**
 * The Stats screen's figures, each one SQL aggregate. Scores count only visible pours (not blind,
 * or revealed), so an unrevealed blind pour moves no figure.
 */

const dollars = (cents: number | null) => Math.round(cents ?? 0) / 100;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

type SpendRow = { period: string; purchases: number; cents: number };
function spendBy(db: Db, length: 4 | 7) {
  return db
    .all<SpendRow>(
      sql`SELECT substr(date_purchased, 1, ${length}) AS period, count(*) AS purchases,
            sum(purchase_price_cents) AS cents
          FROM bottle_instances GROUP BY period ORDER BY period`,
    )
    .map((r) => ({ period: r.period, purchases: r.purchases, dollars: dollars(r.cents) }));
}

/** Bottles per lookup (type, country, region); bottles without one are "Unknown". */
function bottlesBy(db: Db, table: SQL, column: SQL) {
  return db.all<{ name: string; bottles: number }>(
    sql`SELECT coalesce(l.name, 'Unknown') AS name, count(*) AS bottles
        FROM bottles LEFT JOIN ${table} l ON l.id = ${column}
        GROUP BY l.id ORDER BY bottles DESC, name`,
  );
}

const TOTAL = sql`(scores.nose + scores.palate + scores.finish + scores.balance)`;
const VISIBLE_SCORES = sql`scores
  JOIN meeting_bottles ON meeting_bottles.meeting_id = scores.meeting_id AND meeting_bottles.bottle_id = scores.bottle_id
  JOIN meetings ON meetings.id = scores.meeting_id
  JOIN bottles ON bottles.id = scores.bottle_id`;

function averageBy(db: Db, table: SQL, column: SQL) {
  return db
    .all<{ name: string; average: number; scores: number }>(
      sql`SELECT coalesce(l.name, 'Unknown') AS name, avg(${TOTAL}) AS average, count(*) AS scores
          FROM ${VISIBLE_SCORES} LEFT JOIN ${table} l ON l.id = ${column}
          WHERE ${pourResultsShown}
          GROUP BY l.id ORDER BY average DESC, name`,
    )
    .map((r) => ({ ...r, average: oneDecimal(r.average) }));
}

function mostPoured(db: Db, top: number) {
  return db.all<{ bottleId: number; name: string; pours: number }>(
    sql`SELECT bottles.id AS bottleId, bottles.name AS name, count(*) AS pours
        FROM meeting_bottles JOIN meetings ON meetings.id = meeting_bottles.meeting_id
        JOIN bottles ON bottles.id = meeting_bottles.bottle_id
        WHERE ${visiblePour}
        GROUP BY bottles.id ORDER BY pours DESC, name LIMIT ${top}`,
  );
}

/** Bottles with a club score and a price, by club points per dollar of a pour. */
function bestValue(db: Db, top: number) {
  return db
    .all<{ bottleId: number; name: string; clubScore: number; cents: number }>(
      sql`SELECT bottles.id AS bottleId, bottles.name AS name, avg(${TOTAL}) AS clubScore,
            ${costPerPourCentsSql} AS cents
          FROM ${VISIBLE_SCORES}
          WHERE ${pourResultsShown}
          GROUP BY bottles.id HAVING cents > 0
          ORDER BY avg(${TOTAL}) / cents DESC, name LIMIT ${top}`,
    )
    .map((r) => ({
      bottleId: r.bottleId,
      name: r.name,
      clubScore: oneDecimal(r.clubScore),
      costPerPour: dollars(r.cents),
      pointsPerDollar: oneDecimal(r.clubScore / (r.cents / 100)),
    }));
}

/** Each active member's part, by how much they did; first name and last initial only. */
function memberActivity(db: Db) {
  return db
    .all<{
      firstName: string;
      lastName: string;
      comments: number;
      purchases: number;
      scores: number;
      meetingsAttended: number;
      rsvps: number;
    }>(
      sql`SELECT m.first_name AS firstName, m.last_name AS lastName,
            (SELECT count(*) FROM bottle_comments c WHERE c.member_id = m.id) AS comments,
            (SELECT count(*) FROM bottle_instances i WHERE i.created_by = m.id) AS purchases,
            (SELECT count(*) FROM scores s WHERE s.member_id = m.id) AS scores,
            (SELECT count(DISTINCT s.meeting_id) FROM scores s WHERE s.member_id = m.id) AS meetingsAttended,
            (SELECT count(*) FROM rsvps r WHERE r.member_id = m.id AND r.status = 'going') AS rsvps
          FROM members m WHERE m.status = 'active'`,
    )
    .map(({ firstName, lastName, ...counts }) => ({
      name: `${firstName} ${lastName.slice(0, 1)}.`.trim(),
      ...counts,
    }))
    .filter((m) => m.comments + m.purchases + m.scores + m.meetingsAttended + m.rsvps > 0)
    .sort(
      (a, b) =>
        b.comments + b.purchases + b.scores + b.rsvps - (a.comments + a.purchases + a.scores + a.rsvps) ||
        a.name.localeCompare(b.name),
    );
}

export function loadStats(db: Db, top: number): Stats {
  return {
    spendByMonth: spendBy(db, 7),
    spendByYear: spendBy(db, 4),
    bottlesByType: bottlesBy(db, sql`drink_types`, sql`bottles.drink_type_id`),
    bottlesByCountry: bottlesBy(db, sql`countries`, sql`bottles.country_id`),
    bottlesByRegion: bottlesBy(db, sql`states`, sql`bottles.state_id`),
    scoreByType: averageBy(db, sql`drink_types`, sql`bottles.drink_type_id`),
    scoreByRegion: averageBy(db, sql`states`, sql`bottles.state_id`),
    mostPoured: mostPoured(db, top),
    bestValue: bestValue(db, top),
    members: memberActivity(db),
  };
}
