import type { ReactNode } from "react";
import { Paper } from "@mantine/core";
import classes from "./DataTable.module.css";

/**
 * A bordered, striped table that scrolls sideways on a phone instead of squeezing its columns
 * (what Table.ScrollContainer type="native" does). It is a plain <table> styled here: Mantine's Table
 * statically imports ScrollArea and, through it, @floating-ui, which would put ~15 KB gzip into the
 * first screen's bundle. The scroll region is focusable so keyboard users can scroll it.
 * Children are plain <thead>/<tbody>/<tr>/<th>/<td>.
 */
export function DataTable({
  label,
  minWidth = 560,
  children,
}: {
  label: string;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" className={classes.frame}>
      <div className={classes.scroll} role="region" aria-label={label} tabIndex={0}>
        <table aria-label={label} className={classes.table} style={{ minWidth }}>
          {children}
        </table>
      </div>
    </Paper>
  );
}
