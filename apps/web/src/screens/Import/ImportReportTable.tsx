import { Badge } from "@mantine/core";
import type { ImportReport, ImportRowReport } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { TableColumns, type Column } from "../../components/TableColumns";
import classes from "./Import.module.css";
import { withBase } from "../../lib/basePath";

const ACTION: Record<ImportRowReport["action"], { label: string; color: string }> = {
  create: { label: "New", color: "green" },
  "add-purchase": { label: "Purchase added", color: "blue" },
  "skip-existing": { label: "Already there", color: "gray" },
  error: { label: "Error", color: "red" },
};

const COLUMNS: Column<ImportRowReport>[] = [
  { header: "Row", th: { className: classes.rowCol }, cell: (r) => r.row },
  { header: "Name", cell: (r) => r.name || "—" },
  {
    header: "Result",
    th: { className: classes.actionCol },
    cell: (r) => (
      <Badge color={ACTION[r.action].color} variant="light">
        {ACTION[r.action].label}
      </Badge>
    ),
  },
  {
    header: "Problems",
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
            {`Open ${r.likelyDuplicateOf.name}`}
          </a>
        ) : null}
      </>
    ),
  },
];

/** The report per row: errors first, so what needs fixing is on top. */
export function ImportReportTable({ report }: { report: ImportReport }) {
  const order: ImportRowReport["action"][] = ["error", "create", "add-purchase", "skip-existing"];
  const rows = [...report.rows].sort(
    (a, b) => order.indexOf(a.action) - order.indexOf(b.action) || a.row - b.row,
  );
  return (
    <DataTable label="Import preview, one row of the file each" minWidth={640} dense>
      <TableColumns
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.row}
        rowData={(r) => ({ "data-action": r.action })}
      />
    </DataTable>
  );
}
