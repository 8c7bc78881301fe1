import { MONTH_NAMES, type Stats, type StatsAverage, type StatsCount, type StatsSpend } from "@club/shared";
import { formatPrice } from "../../lib/format";
import { appLocale, isAmerican } from "../../lib/locale";
import { statsText as t } from "./statsMessages";
import type { Figures } from "./FigureCard";

/** The Stats screen's tables and one-sentence summaries (the charts' text alternatives). */

/** A spend period in words: "Jan 2026" for the month "2026-01"; a year ("2026") as it is. */
export function periodLabel(period: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  const name = month ? MONTH_NAMES[Number(month[2]) - 1] : undefined;
  if (!month || !name) return period;
  const locale = appLocale();
  if (isAmerican(locale)) return `${name.slice(0, 3)} ${month[1]}`;
  return new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)),
  );
}

/** A score with one decimal, in the locale's decimal mark ("85.0", "85,0"). */
export function oneDecimal(value: number): string {
  const locale = appLocale();
  if (isAmerican(locale)) return value.toFixed(1);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/**
 * A money axis's ticks: from 0 in round steps (1, 2, 2.5 or 5 times a power of ten: $50, $100,
 * $250, never $95), at most five, the last at or above the highest value.
 */
export function roundTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw)!;
  const ticks = [0];
  while (ticks.at(-1)! < max) ticks.push(Math.round((ticks.at(-1)! + step) * 100) / 100);
  return ticks;
}

export function spendFigures(spend: StatsSpend[], unit: "Month" | "Year"): Figures {
  return {
    columns: [t(unit === "Month" ? "col.month" : "col.year"), t("col.purchases"), t("col.spent")],
    rows: spend.map((s) => [periodLabel(s.period), s.purchases, formatPrice(s.dollars)]),
  };
}

export function spendSummary(spend: StatsSpend[], unit: "month" | "year"): string {
  const total = spend.reduce((sum, s) => sum + s.dollars, 0);
  const top = [...spend].sort((a, b) => b.dollars - a.dollars)[0];
  if (!top) return t("noPurchases");
  return t(unit === "month" ? "spendSummary.month" : "spendSummary.year", {
    total: formatPrice(total),
    count: spend.length,
    top: periodLabel(top.period),
    topAmount: formatPrice(top.dollars),
  });
}

/** What the counts and averages are by: a table's first column. */
export type FigureBy = "Type" | "Country" | "Region";
const column = (what: FigureBy) => t(`col.${what.toLowerCase() as "type" | "country" | "region"}`);

export const countFigures = (counts: StatsCount[], what: FigureBy): Figures => ({
  columns: [column(what), t("col.bottles")],
  rows: counts.map((c) => [c.name, c.bottles]),
});

export function countSummary(counts: StatsCount[], what: "type" | "country" | "region"): string {
  const shown = counts.slice(0, 3).map((c) => `${c.name} ${c.bottles}`);
  return t(`countSummary.${what}`, { shown: shown.join(", "), more: Math.max(0, counts.length - 3) });
}

export const averageFigures = (averages: StatsAverage[], what: FigureBy): Figures => ({
  columns: [column(what), t("col.averageScore"), t("col.scores")],
  rows: averages.map((a) => [a.name, oneDecimal(a.average), a.scores]),
});

export function averageSummary(averages: StatsAverage[], what: "type" | "region"): string {
  const shown = averages.slice(0, 3).map((a) => `${a.name} ${oneDecimal(a.average)}`);
  return t(`averageSummary.${what}`, { shown: shown.join(", ") });
}

export const pouredFigures = (stats: Stats): Figures => ({
  columns: [t("col.bottle"), t("col.pours")],
  rows: stats.mostPoured.map((p) => [p.name, p.pours]),
});

export const pouredSummary = (stats: Stats): string =>
  t("pouredSummary", {
    shown: stats.mostPoured
      .slice(0, 3)
      .map((p) => t("pouredItem", { name: p.name, count: p.pours }))
      .join(", "),
  });

export const valueFigures = (stats: Stats): Figures => ({
  columns: [t("col.bottle"), t("col.clubScore"), t("col.costPerPour"), t("col.pointsPerDollar")],
  rows: stats.bestValue.map((v) => [
    v.name,
    oneDecimal(v.clubScore),
    formatPrice(v.costPerPour),
    oneDecimal(v.pointsPerDollar),
  ]),
});

export function valueSummary(stats: Stats): string {
  const best = stats.bestValue[0];
  if (!best) return t("noValue");
  return t("valueSummary", {
    name: best.name,
    score: oneDecimal(best.clubScore),
    cost: formatPrice(best.costPerPour),
  });
}

export const memberFigures = (stats: Stats): Figures => ({
  columns: [
    t("col.member"),
    t("col.comments"),
    t("col.purchases"),
    t("col.scores"),
    t("col.meetingsAttended"),
    t("col.rsvps"),
  ],
  rows: stats.members.map((m) => [m.name, m.comments, m.purchases, m.scores, m.meetingsAttended, m.rsvps]),
});

export const memberSummary = (stats: Stats): string =>
  t("memberSummary", {
    names: stats.members
      .slice(0, 3)
      .map((m) => m.name)
      .join(", "),
  });

/** The first `top` rows, the rest summed into one row named `other` (a donut of many slices is unreadable). */
export function topAndOther(counts: StatsCount[], top: number, other: string): StatsCount[] {
  if (counts.length <= top + 1) return counts;
  const rest = counts.slice(top).reduce((sum, c) => sum + c.bottles, 0);
  return [...counts.slice(0, top), { name: other, bottles: rest }];
}
