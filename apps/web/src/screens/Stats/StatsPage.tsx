import "@mantine/charts/styles.css";
import "@mantine/core/styles/ColorSwatch.css";
import {
  AreaChart,
  BarChart,
  DonutChart,
  ScatterChart,
  type BarChartProps,
  type BarChartSeries,
} from "@mantine/charts";
import { ColorSwatch, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Stats, StatsAverage, StatsCount, StatsSpend } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { Loaded } from "../../components/status";
import { formatPrice } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { FigureCard } from "./FigureCard";
import classes from "./Stats.module.css";
import { useT } from "../../lib/i18n";
import { statsMessages, statsText } from "./statsMessages";
import {
  averageFigures,
  averageSummary,
  countFigures,
  countSummary,
  memberFigures,
  memberSummary,
  oneDecimal,
  pouredFigures,
  periodLabel,
  pouredSummary,
  roundTicks,
  spendFigures,
  spendSummary,
  topAndOther,
  valueFigures,
  valueSummary,
} from "./statsFigures";

const PALETTE = ["amber.6", "teal.6", "blue.6", "grape.6", "red.6", "lime.6", "cyan.6", "gray.6"];
const BAR_ROW_PX = 34;
/** "amber.6" as a CSS colour. */
const swatch = (color: string) => `var(--mantine-color-${color.replace(".", "-")})`;

const shorten = (text: string, max = 16) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Horizontal bars, one row per name: the names fit on a phone, however many rows. */
const rowsHeight = (rows: number) => Math.max(120, rows * BAR_ROW_PX + 40);
// interval 0: every name, even when recharts thinks the rows too close for all of them.
const nameAxis = { width: 112, interval: 0, tickFormatter: (value: string) => shorten(String(value)) };

/**
 * Horizontal bars, one row per name, each bar labelled with its value; `stacked`: a row's series
 * stacked in one bar, told apart by a legend instead.
 */
function NameBars<R extends { name: string }>({
  rows,
  series,
  xAxisProps,
  stacked = false,
}: {
  rows: R[];
  series: BarChartSeries[];
  xAxisProps?: BarChartProps["xAxisProps"];
  stacked?: boolean;
}) {
  return (
    <BarChart
      h={rowsHeight(rows.length)}
      data={rows}
      dataKey="name"
      orientation="vertical"
      yAxisProps={nameAxis}
      xAxisProps={xAxisProps}
      series={series}
      gridAxis="none"
      {...(stacked ? { type: "stacked", withLegend: true } : { withBarValueLabel: true })}
    />
  );
}

const CountBars = ({ counts, label }: { counts: StatsCount[]; label: string }) => (
  <NameBars rows={counts} series={[{ name: "bottles", label, color: "amber.6" }]} />
);

const AverageBars = ({ averages }: { averages: StatsAverage[] }) => (
  <NameBars
    rows={averages}
    xAxisProps={{ domain: [0, 100] }}
    series={[{ name: "average", label: statsText("col.averageScore"), color: "teal.6" }]}
  />
);

/** A figure's words: its noun ("type") said once, in the summary and as its table's column ("Type"). */
function figureWords<R, W extends string, F>(
  summarize: (rows: R[], what: W) => string,
  tabulate: (rows: R[], column: Capitalize<W>) => F,
) {
  const column = (what: W) => (what.charAt(0).toUpperCase() + what.slice(1)) as Capitalize<W>;
  return (rows: R[], what: W) => ({ summary: summarize(rows, what), figures: tabulate(rows, column(what)) });
}
const bySpend = figureWords(spendSummary, spendFigures);
const byCount = figureWords(countSummary, countFigures);
const byAverage = figureWords(averageSummary, averageFigures);

/**
 * What the two spend charts (per month, per year) show alike: periods in words ("Jan 2026"),
 * the money axis in round steps.
 */
const spendChart = (spend: StatsSpend[]) => {
  const ticks = roundTicks(Math.max(0, ...spend.map((s) => s.dollars)));
  return {
    h: 240,
    dataKey: "period",
    data: spend,
    series: [{ name: "dollars", label: statsText("col.spent"), color: "amber.6" }],
    valueFormatter: formatPrice,
    xAxisProps: { tickFormatter: (period: string) => periodLabel(String(period)) },
    yAxisProps: {
      width: 64,
      ticks,
      domain: [0, ticks.at(-1)!],
      interval: 0 as const,
      tickFormatter: (amount: number) => formatMoney(amount, { short: true }),
    },
  };
};

function Figures({ stats }: { stats: Stats }) {
  const t = useT(statsMessages);
  const types = topAndOther(stats.bottlesByType, 6, t("otherTypes"));
  const regions = stats.bottlesByRegion.slice(0, 12);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" className={classes.grid}>
      <FigureCard title={t("card.spendMonth")} {...bySpend(stats.spendByMonth, "month")}>
        <AreaChart {...spendChart(stats.spendByMonth)} curveType="monotone" />
      </FigureCard>
      <FigureCard title={t("card.spendYear")} {...bySpend(stats.spendByYear, "year")}>
        <BarChart {...spendChart(stats.spendByYear)} maxBarWidth={72} />
      </FigureCard>
      <FigureCard title={t("card.byType")} {...byCount(stats.bottlesByType, "type")}>
        <DonutChart
          mx="auto"
          size={200}
          thickness={28}
          withLabelsLine={false}
          data={types.map((t, i) => ({
            name: t.name,
            value: t.bottles,
            color: PALETTE[i % PALETTE.length]!,
          }))}
          chartLabel={t("donutLabel", {
            count: stats.bottlesByType.reduce((n, type) => n + type.bottles, 0),
          })}
        />
        <Group gap="xs" justify="center" mt="xs" aria-hidden="true">
          {types.map((t, i) => (
            <Group key={t.name} gap={6} wrap="nowrap">
              <ColorSwatch size={10} color={swatch(PALETTE[i % PALETTE.length]!)} withShadow={false} />
              <Text size="xs">{t.name}</Text>
            </Group>
          ))}
        </Group>
      </FigureCard>
      <FigureCard title={t("card.byCountry")} {...byCount(stats.bottlesByCountry, "country")}>
        <CountBars counts={stats.bottlesByCountry} label={t("col.bottles")} />
      </FigureCard>
      <FigureCard title={t("card.byState")} {...byCount(stats.bottlesByRegion, "region")}>
        <CountBars counts={regions} label={t("col.bottles")} />
      </FigureCard>
      <FigureCard title={t("card.scoreByType")} {...byAverage(stats.scoreByType, "type")}>
        <AverageBars averages={stats.scoreByType} />
      </FigureCard>
      <FigureCard title={t("card.scoreByState")} {...byAverage(stats.scoreByRegion, "region")}>
        <AverageBars averages={stats.scoreByRegion} />
      </FigureCard>
      <FigureCard title={t("card.mostPoured")} summary={pouredSummary(stats)} figures={pouredFigures(stats)}>
        <NameBars
          rows={stats.mostPoured}
          series={[{ name: "pours", label: t("col.pours"), color: "grape.6" }]}
        />
      </FigureCard>
      <FigureCard title={t("card.bestValue")} summary={valueSummary(stats)} figures={valueFigures(stats)}>
        <ScatterChart
          h={260}
          data={[
            {
              name: t("col.bottles"),
              color: "blue.6",
              data: stats.bestValue.map((v) => ({ cost: v.costPerPour, score: v.clubScore })),
            },
          ]}
          dataKey={{ x: "cost", y: "score" }}
          labels={{ x: t("col.costPerPour"), y: t("col.clubScore") }}
          valueFormatter={{ x: formatPrice, y: oneDecimal }}
          yAxisProps={{ width: 48 }}
        />
      </FigureCard>
      <FigureCard title={t("card.members")} summary={memberSummary(stats)} figures={memberFigures(stats)}>
        <NameBars
          rows={stats.members}
          stacked
          series={[
            { name: "comments", label: t("col.comments"), color: "amber.6" },
            { name: "purchases", label: t("col.purchases"), color: "teal.6" },
            { name: "scores", label: t("col.scores"), color: "blue.6" },
            { name: "rsvps", label: t("col.rsvps"), color: "grape.6" },
          ]}
        />
      </FigureCard>
    </SimpleGrid>
  );
}

/** /stats: the club in figures, for anyone (every figure is an SQL aggregate on the server). */
export default function StatsPage() {
  const t = useT(statsMessages);
  useTitle(t("title"));
  const stats = trpc.stats.get.useQuery();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <Loaded query={stats} failed={t("failed")}>
        {(data) => (
          <Stack>
            <Figures stats={data} />
          </Stack>
        )}
      </Loaded>
    </>
  );
}
