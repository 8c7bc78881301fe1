import { useState, type ReactNode } from "react";
import { Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router-dom";
import { PAYMENT_METHODS, type DuesReport } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { TableColumns, type Column } from "../../components/TableColumns";
import { PageHeader } from "../../components/PageHeader";
import { EmptyMessage, ErrorAlert, PageLoader } from "../../components/status";
import { formatDate } from "../../lib/format";
import { formatMoney, formatMonth } from "../../lib/money";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { downloadWithToken } from "../../lib/authDownload";
import classes from "./Report.module.css";
import { TreasurerOnly } from "./TreasurerOnly";
import { methodText } from "../Dues/duesMessages";
import { useT } from "../../lib/i18n";
import { treasurerMessages, type TreasurerKey } from "./treasurerMessages";

type T = ReturnType<typeof useT<TreasurerKey>>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The period's two month fields; a reversed period is the "to" field's error. */
const PERIOD_ENDS = [
  { end: "from", label: "report.fromMonth" },
  { end: "to", label: "report.toMonth" },
] as const;
const KIND_WORDS: Record<string, TreasurerKey> = {
  joining: "kind.joining",
  monthly: "kind.monthly",
  payment: "kind.payment",
  waiver: "kind.waiver",
  opening: "kind.opening",
};

/**
 * The period in the URL (?from=YYYY-MM&to=YYYY-MM); without one, the server's default (this year
 * so far, from the ledger's first month).
 */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const valid = MONTH.test(from) && MONTH.test(to) && from <= to;
  return {
    query: valid ? { from, to } : {},
    set: (next: { from: string; to: string }) => setParams(next, { replace: true }),
  };
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className={classes.figure}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
        {label}
      </Text>
      <Text fz="lg" fw={700} className={classes.number}>
        {formatMoney(value)}
      </Text>
    </div>
  );
}

const name = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/** A section of the report under its heading (the section is named by it). */
function ReportSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A money column: right-aligned, header and cells. */
const money = <Row,>(header: string, amount: (row: Row) => number): Column<Row> => ({
  header,
  className: classes.amount,
  cell: (row) => formatMoney(amount(row)),
});

type MonthRow = DuesReport["byMonth"][number];

/** The month, what was charged and received (then by each method used in the period), and waived. */
const monthColumns = (methods: readonly string[], t: T): Column<MonthRow>[] => [
  { header: t("report.month"), cell: (row) => formatMonth(row.month) },
  money(t("report.charged"), (row) => row.charged),
  money(t("report.received"), (row) => row.received),
  ...methods.map((m) => money(methodText(m), (row: MonthRow) => row.byMethod[m] ?? 0)),
  money(t("report.waived"), (row) => row.waived),
];

type Balance = DuesReport["owing"][number];
const balanceColumns = (header: string, t: T): Column<Balance>[] => [
  { header: t("report.member"), cell: (o) => name(o.member) },
  money(header, (o) => o.amount),
];

/** A total row under a table's lines: what the figure above adds up from. */
function TotalRow({ label, amounts, lead = 0 }: { label: string; amounts: number[]; lead?: number }) {
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={lead + 1}>
          {label}
        </th>
        {amounts.map((a, i) => (
          <td key={i} className={classes.amount}>
            <strong>{formatMoney(a)}</strong>
          </td>
        ))}
      </tr>
    </tfoot>
  );
}

const total = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0) / 100;

/** Members owing (or in credit) at the end of the period, with their total; the empty words otherwise. */
function Balances({
  rows,
  label,
  header,
  empty,
}: {
  rows: Balance[];
  label: string;
  header: string;
  empty: string;
}) {
  const t = useT(treasurerMessages);
  return rows.length === 0 ? (
    <EmptyMessage>{empty}</EmptyMessage>
  ) : (
    <DataTable label={label} minWidth={320}>
      <TableColumns columns={balanceColumns(header, t)} rows={rows} rowKey={(o) => o.member.id} />
      <TotalRow label={t("report.total")} amounts={[total(rows.map((o) => o.amount))]} />
    </DataTable>
  );
}

const voidColumns = (t: T): Column<DuesReport["voids"][number]>[] => [
  { header: t("report.voidedOn"), cell: (v) => formatDate(v.date) },
  { header: t("report.member"), cell: (v) => name(v.member) },
  {
    header: t("report.entry"),
    cell: (v) => (
      <>
        {t("report.entryOf", {
          kind: KIND_WORDS[v.kind] ? t(KIND_WORDS[v.kind]!) : v.kind,
          date: formatDate(v.originalDate),
        })}
        {v.method ? ` (${methodText(v.method)})` : ""}
      </>
    ),
  },
  money(t("report.amount"), (v) => v.amount),
  { header: t("report.reason"), cell: (v) => v.reason },
];

function Report({ report }: { report: DuesReport }) {
  const t = useT(treasurerMessages);
  const methods = [
    ...PAYMENT_METHODS.filter((m) => report.byMonth.some((row) => m in row.byMethod)),
    ...[...new Set(report.byMonth.flatMap((row) => Object.keys(row.byMethod)))].filter(
      (m) => !(PAYMENT_METHODS as readonly string[]).includes(m),
    ),
  ];
  const period = t("report.periodText", { from: formatMonth(report.from), to: formatMonth(report.to) });
  return (
    <Stack gap="xl">
      <ReportSection id="report-totals" title={t("report.totals", { period })}>
        <div className={classes.figures}>
          <Figure label={t("report.owedStart")} value={report.openingOwed} />
          <Figure label={t("report.charges")} value={report.charges} />
          <Figure label={t("report.received")} value={report.payments} />
          <Figure label={t("report.waived")} value={report.waivers} />
          <Figure label={t("report.owedEnd")} value={report.closingOwed} />
        </div>
        <Text size="sm" mt="sm">
          {t("report.sum", {
            start: formatMoney(report.openingOwed),
            charges: formatMoney(report.charges),
            received: formatMoney(report.payments),
            waived: formatMoney(report.waivers),
          })}{" "}
          <strong>{t("report.sumEnd", { amount: formatMoney(report.closingOwed) })}</strong>
          {t("report.sumNote")}
        </Text>
      </ReportSection>

      <ReportSection id="report-months" title={t("report.byMonth")}>
        <DataTable label={t("report.byMonthLabel", { period })} minWidth={420 + 110 * methods.length} dense>
          <TableColumns
            columns={monthColumns(methods, t)}
            rows={report.byMonth}
            rowKey={(row) => row.month}
          />
          <TotalRow
            label={t("report.total")}
            amounts={[
              report.charges,
              report.payments,
              ...methods.map((m) => total(report.byMonth.map((row) => row.byMethod[m] ?? 0))),
              report.waivers,
            ]}
          />
        </DataTable>
      </ReportSection>

      <ReportSection id="report-owing" title={t("report.owingAt", { month: formatMonth(report.to) })}>
        <Balances
          rows={report.owing}
          label={t("report.owingAt", { month: formatMonth(report.to) })}
          header={t("report.owed")}
          empty={t("report.nobodyOwed")}
        />
      </ReportSection>

      <ReportSection id="report-credits" title={t("report.creditAt", { month: formatMonth(report.to) })}>
        <Balances
          rows={report.credits}
          label={t("report.creditAt", { month: formatMonth(report.to) })}
          header={t("report.inCredit")}
          empty={t("report.nobodyCredit")}
        />
        <Text size="sm" mt="sm">
          {t("report.balanceSum", {
            owed: formatMoney(total(report.owing.map((o) => o.amount))),
            credit: formatMoney(total(report.credits.map((c) => c.amount))),
          })}{" "}
          <strong>{t("report.sumEnd", { amount: formatMoney(report.closingOwed) })}</strong>
          {t("report.balanceSumEnd")}
        </Text>
      </ReportSection>

      <ReportSection id="report-voids" title={t("report.voided")}>
        {report.voids.length === 0 ? (
          <EmptyMessage>{t("report.nothingVoided")}</EmptyMessage>
        ) : (
          <DataTable label={t("report.voidedLabel", { period })} minWidth={600}>
            <TableColumns columns={voidColumns(t)} rows={report.voids} rowKey={(v) => v.id} />
          </DataTable>
        )}
      </ReportSection>
    </Stack>
  );
}

function ReportScreen() {
  const t = useT(treasurerMessages);
  const period = usePeriod();
  const [edited, setDraft] = useState<{ from: string; to: string } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const report = trpc.dues.report.useQuery(period.query);
  // The fields show the period on screen until the treasurer types another.
  const draft = edited ?? { from: report.data?.from ?? "", to: report.data?.to ?? "" };
  const draftOk = MONTH.test(draft.from) && MONTH.test(draft.to) && draft.from <= draft.to;
  const download = () => {
    if (!report.data) return;
    setDownloading(true);
    downloadWithToken(`/api/Dues/Report?from=${report.data.from}&to=${report.data.to}&format=csv`, "dues.csv")
      .catch((error: unknown) =>
        notify(error instanceof Error ? error.message : t("report.downloadFailed"), "red"),
      )
      .finally(() => setDownloading(false));
  };
  return (
    <Stack gap="lg">
      <form
        className={`${classes.controls} ${classes.noPrint}`}
        aria-label={t("report.period")}
        onSubmit={(event) => {
          event.preventDefault();
          if (draftOk) period.set(draft);
        }}
      >
        {PERIOD_ENDS.map(({ end, label }) => (
          <TextInput
            key={end}
            className={classes.month}
            type="month"
            label={t(label)}
            placeholder={t("opening.monthPlaceholder")}
            value={draft[end]}
            onChange={(e) => setDraft({ ...draft, [end]: e.currentTarget.value })}
            error={end === "to" && edited && !draftOk ? t("report.reversed") : undefined}
          />
        ))}
        <Button type="submit" h={40} disabled={!draftOk}>
          {t("report.show")}
        </Button>
        <Button variant="default" h={40} onClick={download} loading={downloading} disabled={!report.data}>
          {t("report.download")}
        </Button>
        <Button variant="default" h={40} onClick={() => window.print()}>
          {t("report.print")}
        </Button>
      </form>
      {report.isPending ? (
        <PageLoader />
      ) : report.isError ? (
        <ErrorAlert message={t("report.failed")} error={report.error} />
      ) : (
        <Report report={report.data} />
      )}
    </Stack>
  );
}

/** /treasurer/report: the treasurer's report for a period, on screen, as CSV, and printable. */
export default function ReportPage() {
  const t = useT(treasurerMessages);
  useTitle(t("report.title"));
  return (
    <div className={classes.report}>
      <PageHeader
        title={t("report.title")}
        subtitle={t("report.subtitle")}
        actions={
          <Anchor component={Link} to="/treasurer" className={classes.noPrint}>
            {t("report.back")}
          </Anchor>
        }
      />
      <TreasurerOnly what={t("report.what")} refusal={t("report.refusal")}>
        <ReportScreen />
      </TreasurerOnly>
    </div>
  );
}
