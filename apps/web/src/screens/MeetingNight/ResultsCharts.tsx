import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { SCORE_PARTS, SCORE_PART_MAX, type PourResult } from "@club/shared";
import { partLabel } from "./resultsView";

/**
 * The results' charts, drawn with Mantine's charts (recharts), imported by the results screen only:
 * they come in its chunk (and the stats screen's), never in the first screen's. Each chart has a
 * name and repeats figures that the card says in words, for a screen reader and on paper.
 */

/** A dram's four parts, each out of 25. */
export function PartsChart({ result }: { result: PourResult }) {
  const rows = SCORE_PARTS.map((part) => ({ part: partLabel(part), average: result.parts[part] ?? 0 }));
  return (
    <div role="img" aria-label={`${result.label}: the room's nose, palate, finish and balance`}>
      <BarChart
        h={150}
        data={rows}
        dataKey="part"
        series={[{ name: "average", label: "Average", color: "amber.6" }]}
        yAxisProps={{ domain: [0, SCORE_PART_MAX], ticks: [0, 5, 10, 15, 20, 25], width: 28 }}
        gridAxis="y"
      />
    </div>
  );
}

/** The night's ranking: each pour's average and its trimmed one, best first. */
export function RankingChart({ ranked }: { ranked: PourResult[] }) {
  const rows = ranked.map((r) => ({
    name: `#${r.rank} ${r.bottle?.name ?? r.label}`,
    average: r.average ?? 0,
    trimmed: r.trimmedAverage ?? 0,
  }));
  return (
    <div role="img" aria-label="The night's ranking as a chart: each dram's average and trimmed average">
      <BarChart
        h={Math.max(120, rows.length * 56 + 48)}
        data={rows}
        dataKey="name"
        orientation="vertical"
        yAxisProps={{
          width: 112,
          interval: 0,
          tickFormatter: (v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v),
        }}
        xAxisProps={{ domain: [0, 100] }}
        series={[
          { name: "average", label: "Average", color: "amber.6" },
          { name: "trimmed", label: "Trimmed average", color: "teal.6" },
        ]}
        withLegend
        gridAxis="none"
      />
    </div>
  );
}
