import { MONTH_NAMES, type Stats, type StatsAverage, type StatsCount, type StatsSpend } from "@club/shared";
import { formatPrice } from "../../lib/format";
import type { Figures } from "./FigureCard";

/** The Stats screen's tables and one-sentence summaries (the charts' text alternatives). */

/** A spend period in words: "Jan 2026" for the month "2026-01"; a year ("2026") as it is. */
export function periodLabel(period: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  const name = month ? MONTH_NAMES[Number(month[2]) - 1] : undefined;
  return month && name ? `${name.slice(0, 3)} ${month[1]}` : period;
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function spendFigures(spend: StatsSpend[], unit: "Month" | "Year"): Figures {
  return {
    columns: [unit, "Purchases", "Spent"],
    rows: spend.map((s) => [periodLabel(s.period), s.purchases, formatPrice(s.dollars)]),
  };
}

export function spendSummary(spend: StatsSpend[], unit: "month" | "year"): string {
  const total = spend.reduce((sum, s) => sum + s.dollars, 0);
  const top = [...spend].sort((a, b) => b.dollars - a.dollars)[0];
  if (!top) return "No purchases yet.";
  return `${formatPrice(total)} spent over ${plural(spend.length, unit)}; the most in ${periodLabel(top.period)}: ${formatPrice(top.dollars)}.`;
}

export const countFigures = (counts: StatsCount[], what: string): Figures => ({
  columns: [what, "Bottles"],
  rows: counts.map((c) => [c.name, c.bottles]),
});

export function countSummary(counts: StatsCount[], what: string): string {
  const shown = counts.slice(0, 3).map((c) => `${c.name} ${c.bottles}`);
  return `Bottles by ${what}, most first: ${shown.join(", ")}${counts.length > 3 ? `, and ${plural(counts.length - 3, "more")}` : ""}.`;
}

export const averageFigures = (averages: StatsAverage[], what: string): Figures => ({
  columns: [what, "Average score", "Scores"],
  rows: averages.map((a) => [a.name, a.average.toFixed(1), a.scores]),
});

export function averageSummary(averages: StatsAverage[], what: string): string {
  const shown = averages.slice(0, 3).map((a) => `${a.name} ${a.average.toFixed(1)}`);
  return `The club's average score by ${what}, best first: ${shown.join(", ")}.`;
}

export const pouredFigures = (stats: Stats): Figures => ({
  columns: ["Bottle", "Pours"],
  rows: stats.mostPoured.map((p) => [p.name, p.pours]),
});

export const pouredSummary = (stats: Stats): string =>
  `Most poured at meetings: ${stats.mostPoured
    .slice(0, 3)
    .map((p) => `${p.name} ${plural(p.pours, "time")}`)
    .join(", ")}.`;

export const valueFigures = (stats: Stats): Figures => ({
  columns: ["Bottle", "Club score", "Cost per pour", "Points per dollar"],
  rows: stats.bestValue.map((v) => [
    v.name,
    v.clubScore.toFixed(1),
    formatPrice(v.costPerPour),
    v.pointsPerDollar.toFixed(1),
  ]),
});

export function valueSummary(stats: Stats): string {
  const best = stats.bestValue[0];
  if (!best) return "No bottle has both a club score and a price yet.";
  return `Club score against cost per pour. Best value: ${best.name}, score ${best.clubScore.toFixed(1)} for ${formatPrice(best.costPerPour)} a pour.`;
}

export const memberFigures = (stats: Stats): Figures => ({
  columns: ["Member", "Comments", "Purchases", "Scores", "Meetings attended", "Going RSVPs"],
  rows: stats.members.map((m) => [m.name, m.comments, m.purchases, m.scores, m.meetingsAttended, m.rsvps]),
});

export const memberSummary = (stats: Stats): string =>
  `Each member's comments, purchases, scores and RSVPs; the most active: ${stats.members
    .slice(0, 3)
    .map((m) => m.name)
    .join(", ")}.`;

/** The first `top` rows, the rest summed into one row named `other` (a donut of many slices is unreadable). */
export function topAndOther(counts: StatsCount[], top: number, other: string): StatsCount[] {
  if (counts.length <= top + 1) return counts;
  const rest = counts.slice(top).reduce((sum, c) => sum + c.bottles, 0);
  return [...counts.slice(0, top), { name: other, bottles: rest }];
}
