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

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The period's two month fields; a reversed period is the "to" field's error. */
const PERIOD_ENDS = [
  { end: "from", label: "From month" },
  { end: "to", label: "To month" },
] as const;
const KIND_WORDS: Record<string, string> = {
  joining: "joining fee",
  monthly: "monthly dues",
  payment: "payment",
  waiver: "waiver",
  opening: "balance brought forward",
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
const monthColumns = (methods: readonly string[]): Column<MonthRow>[] => [
  { header: "Month", cell: (row) => formatMonth(row.month) },
  money("Charged", (row) => row.charged),
  money("Received", (row) => row.received),
  ...methods.map((m) => money(m, (row: MonthRow) => row.byMethod[m] ?? 0)),
  money("Waived", (row) => row.waived),
];

type Balance = DuesReport["owing"][number];
const balanceColumns = (header: string): Column<Balance>[] => [
  { header: "Member", cell: (o) => name(o.member) },
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
  return rows.length === 0 ? (
    <EmptyMessage>{empty}</EmptyMessage>
  ) : (
    <DataTable label={label} minWidth={320}>
      <TableColumns columns={balanceColumns(header)} rows={rows} rowKey={(o) => o.member.id} />
      <TotalRow label="Total" amounts={[total(rows.map((o) => o.amount))]} />
    </DataTable>
  );
}

const VOID_COLUMNS: Column<DuesReport["voids"][number]>[] = [
  { header: "Voided on", cell: (v) => formatDate(v.date) },
  { header: "Member", cell: (v) => name(v.member) },
  {
    header: "Entry",
    cell: (v) => (
      <>
        {KIND_WORDS[v.kind] ?? v.kind} of {formatDate(v.originalDate)}
        {v.method ? ` (${v.method})` : ""}
      </>
    ),
  },
  money("Amount", (v) => v.amount),
  { header: "Reason", cell: (v) => v.reason },
];

function Report({ report }: { report: DuesReport }) {
  const methods = [
    ...PAYMENT_METHODS.filter((m) => report.byMonth.some((row) => m in row.byMethod)),
    ...[...new Set(report.byMonth.flatMap((row) => Object.keys(row.byMethod)))].filter(
      (m) => !(PAYMENT_METHODS as readonly string[]).includes(m),
    ),
  ];
  const period = `${formatMonth(report.from)} to ${formatMonth(report.to)}`;
  return (
    <Stack gap="xl">
      <ReportSection id="report-totals" title={<>Totals, {period}</>}>
        <div className={classes.figures}>
          <Figure label="Owed at the start" value={report.openingOwed} />
          <Figure label="Charges" value={report.charges} />
          <Figure label="Received" value={report.payments} />
          <Figure label="Waived" value={report.waivers} />
          <Figure label="Owed at the end" value={report.closingOwed} />
        </div>
        <Text size="sm" mt="sm">
          {formatMoney(report.openingOwed)} owed at the start + {formatMoney(report.charges)} charges −{" "}
          {formatMoney(report.payments)} received − {formatMoney(report.waivers)} waived ={" "}
          <strong>{formatMoney(report.closingOwed)} owed at the end</strong>. Owed is net: credit counts
          against it; a waiver counts when the month it covers is charged; voided entries count on the day
          they were voided.
        </Text>
      </ReportSection>

      <ReportSection id="report-months" title="By month">
        <DataTable label={`Money by month, ${period}`} minWidth={420 + 110 * methods.length} dense>
          <TableColumns columns={monthColumns(methods)} rows={report.byMonth} rowKey={(row) => row.month} />
          <TotalRow
            label="Total"
            amounts={[
              report.charges,
              report.payments,
              ...methods.map((m) => total(report.byMonth.map((row) => row.byMethod[m] ?? 0))),
              report.waivers,
            ]}
          />
        </DataTable>
      </ReportSection>

      <ReportSection id="report-owing" title={<>Owing at the end of {formatMonth(report.to)}</>}>
        <Balances
          rows={report.owing}
          label={`Owing at the end of ${formatMonth(report.to)}`}
          header="Owed"
          empty="Nobody owed anything."
        />
      </ReportSection>

      <ReportSection id="report-credits" title={<>In credit at the end of {formatMonth(report.to)}</>}>
        <Balances
          rows={report.credits}
          label={`In credit at the end of ${formatMonth(report.to)}`}
          header="In credit"
          empty="Nobody was in credit."
        />
        <Text size="sm" mt="sm">
          {formatMoney(total(report.owing.map((o) => o.amount)))} owed −{" "}
          {formatMoney(total(report.credits.map((c) => c.amount)))} in credit ={" "}
          <strong>{formatMoney(report.closingOwed)} owed at the end</strong>.
        </Text>
      </ReportSection>

      <ReportSection id="report-voids" title="Voided in the period">
        {report.voids.length === 0 ? (
          <EmptyMessage>Nothing was voided.</EmptyMessage>
        ) : (
          <DataTable label={`Voided, ${period}`} minWidth={600}>
            <TableColumns columns={VOID_COLUMNS} rows={report.voids} rowKey={(v) => v.id} />
          </DataTable>
        )}
      </ReportSection>
    </Stack>
  );
}

function ReportScreen() {
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
      .catch((error: unknown) => notify(error instanceof Error ? error.message : "Download failed.", "red"))
      .finally(() => setDownloading(false));
  };
  return (
    <Stack gap="lg">
      <form
        className={`${classes.controls} ${classes.noPrint}`}
        aria-label="Period"
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
            label={label}
            placeholder="YYYY-MM"
            value={draft[end]}
            onChange={(e) => setDraft({ ...draft, [end]: e.currentTarget.value })}
            error={
              end === "to" && edited && !draftOk ? "From a month to the same or a later one." : undefined
            }
          />
        ))}
        <Button type="submit" h={40} disabled={!draftOk}>
          Show
        </Button>
        <Button variant="default" h={40} onClick={download} loading={downloading} disabled={!report.data}>
          Download CSV
        </Button>
        <Button variant="default" h={40} onClick={() => window.print()}>
          Print
        </Button>
      </form>
      {report.isPending ? (
        <PageLoader />
      ) : report.isError ? (
        <ErrorAlert message="Failed to fetch the report." error={report.error} />
      ) : (
        <Report report={report.data} />
      )}
    </Stack>
  );
}

/** /treasurer/report: the treasurer's report for a period, on screen, as CSV, and printable. */
export default function ReportPage() {
  useTitle("Treasurer's report");
  return (
    <div className={classes.report}>
      <PageHeader
        title="Treasurer's report"
        subtitle="Money received, charges, waivers and voids for a period, and what is owed at its end."
        actions={
          <Anchor component={Link} to="/treasurer" className={classes.noPrint}>
            Back to Treasurer
          </Anchor>
        }
      />
      <TreasurerOnly what="the report" refusal="Only the treasurer or an admin can see the report.">
        <ReportScreen />
      </TreasurerOnly>
    </div>
  );
}
