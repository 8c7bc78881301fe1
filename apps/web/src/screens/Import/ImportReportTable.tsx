import { Badge } from "@mantine/core";
import type { ImportReport, ImportRowReport } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import classes from "./Import.module.css";

const ACTION: Record<ImportRowReport["action"], { label: string; color: string }> = {
  create: { label: "New", color: "green" },
  "skip-existing": { label: "Already there", color: "gray" },
  error: { label: "Error", color: "red" },
};

/** The report per row: errors first, so what needs fixing is on top. */
export function ImportReportTable({ report }: { report: ImportReport }) {
  const order: ImportRowReport["action"][] = ["error", "create", "skip-existing"];
  const rows = [...report.rows].sort(
    (a, b) => order.indexOf(a.action) - order.indexOf(b.action) || a.row - b.row,
  );
  return (
    <DataTable label="Import preview, one row of the file each" minWidth={640} dense>
      <thead>
        <tr>
          <th className={classes.rowCol}>Row</th>
          <th>Name</th>
          <th className={classes.actionCol}>Result</th>
          <th>Problems</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.row} data-action={r.action}>
            <td>{r.row}</td>
            <td>{r.name || "—"}</td>
            <td>
              <Badge color={ACTION[r.action].color} variant="light">
                {ACTION[r.action].label}
              </Badge>
            </td>
            <td>
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
                <a href={`/bottle/${r.likelyDuplicateOf.id}`} className={cellLinkClass}>
                  {`Open ${r.likelyDuplicateOf.name}`}
                </a>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
