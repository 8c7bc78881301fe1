import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { SCORE_PARTS, SCORE_PART_MAX, type PourResult } from "@club/shared";
import { partLabel } from "./resultsView";
import { useT } from "../../lib/i18n";
import { nightMessages } from "./nightMessages";

/**
 * The results' charts, drawn with Mantine's charts (recharts), imported by the results screen only:
 * they come in its chunk (and the stats screen's), never in the first screen's. Each chart has a
 * name and repeats figures that the card says in words, for a screen reader and on paper.
 */

/** A dram's four parts, each out of 25. */
export function PartsChart({ result }: { result: PourResult }) {
  const t = useT(nightMessages);
  const rows = SCORE_PARTS.map((part) => ({ part: partLabel(part), average: result.parts[part] ?? 0 }));
  return (
    <div role="img" aria-label={t("chart.parts", { pour: result.label })}>
      <BarChart
        h={150}
        data={rows}
        dataKey="part"
        series={[{ name: "average", label: t("results.average"), color: "amber.6" }]}
        yAxisProps={{ domain: [0, SCORE_PART_MAX], ticks: [0, 5, 10, 15, 20, 25], width: 28 }}
        gridAxis="y"
      />
    </div>
  );
}

/** The night's ranking: each pour's average and its trimmed one, best first. */
export function RankingChart({ ranked }: { ranked: PourResult[] }) {
  const t = useT(nightMessages);
  const rows = ranked.map((r) => ({
    name: `#${r.rank} ${r.bottle?.name ?? r.label}`,
    average: r.average ?? 0,
    trimmed: r.trimmedAverage ?? 0,
  }));
  return (
    <div role="img" aria-label={t("chart.ranking")}>
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
          { name: "average", label: t("results.average"), color: "amber.6" },
          { name: "trimmed", label: t("results.trimmed"), color: "teal.6" },
        ]}
        withLegend
        gridAxis="none"
      />
    </div>
  );
}
