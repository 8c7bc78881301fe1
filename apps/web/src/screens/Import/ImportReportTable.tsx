import { Badge } from "@mantine/core";
import type { ImportReport, ImportRowReport } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { TableColumns, type Column } from "../../components/TableColumns";
import classes from "./Import.module.css";
import { withBase } from "../../lib/basePath";
import { useT } from "../../lib/i18n";
import { importMessages, type ImportKey } from "./importMessages";

const ACTION: Record<ImportRowReport["action"], { label: ImportKey; color: string }> = {
  create: { label: "report.new", color: "green" },
  "add-purchase": { label: "report.purchaseAdded", color: "blue" },
  "skip-existing": { label: "report.alreadyThere", color: "gray" },
  error: { label: "report.error", color: "red" },
};

const columns = (
  t: (key: ImportKey, values?: Record<string, string>) => string,
): Column<ImportRowReport>[] => [
  { header: t("report.row"), th: { className: classes.rowCol }, cell: (r) => r.row },
  { header: t("report.name"), cell: (r) => r.name || "—" },
  {
    header: t("report.result"),
    th: { className: classes.actionCol },
    cell: (r) => (
      <Badge color={ACTION[r.action].color} variant="light">
        {t(ACTION[r.action].label)}
      </Badge>
    ),
  },
  {
    header: t("report.problems"),
    cell: (r) => (
      <>
        {r.problems.length === 0 ? (
          "—"
        ) : (
          <ul className={classes.problems}>
            {r.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {r.likelyDuplicateOf ? (
          <a href={withBase(`/bottle/${r.likelyDuplicateOf.id}`)} className={cellLinkClass}>
            {t("report.open", { name: r.likelyDuplicateOf.name })}
          </a>
        ) : null}
      </>
    ),
  },
];

/** The report per row: errors first, so what needs fixing is on top. */
export function ImportReportTable({ report }: { report: ImportReport }) {
  const t = useT(importMessages);
  const order: ImportRowReport["action"][] = ["error", "create", "add-purchase", "skip-existing"];
  const rows = [...report.rows].sort(
    (a, b) => order.indexOf(a.action) - order.indexOf(b.action) || a.row - b.row,
  );
  return (
    <DataTable label={t("report.label")} minWidth={640} dense>
      <TableColumns
        columns={columns(t)}
        rows={rows}
        rowKey={(r) => r.row}
        rowData={(r) => ({ "data-action": r.action })}
      />
    </DataTable>
  );
}
