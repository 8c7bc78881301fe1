import type { ReactNode } from "react";
import { Paper } from "@mantine/core";
import classes from "./DataTable.module.css";

/**
 * A bordered, striped table that scrolls sideways on a phone instead of squeezing its columns
 * (what Table.ScrollContainer type="native" does). It is a plain <table> styled here: Mantine's Table
 * statically imports ScrollArea and, through it, @floating-ui, which would put ~15 KB gzip into the
 * first screen's bundle. The scroll container is focusable so keyboard users can scroll it.
 * The table is named by a visually hidden caption rather than aria-label, so the name never makes
 * getByLabel("Comment") and the like ambiguous. Children are plain <thead>/<tbody>/<tr>/<th>/<td>.
 */
export function DataTable({
  label,
  minWidth = 560,
  dense = false,
  children,
}: {
  label: string;
  minWidth?: number;
  /** Narrower cell padding, for wide tables. */
  dense?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" className={classes.frame}>
      <div className={classes.scroll} tabIndex={0}>
        <table className={classes.table} data-dense={dense || undefined} style={{ minWidth }}>
          <caption className={classes.caption}>{label}</caption>
          {children}
        </table>
      </div>
    </Paper>
  );
}
