import type { ReactNode } from "react";
import { useRouterLinkClicks } from "../lib/routerLinks";
import classes from "./DataTable.module.css";

/** The class of a link in a cell: Mantine's Anchor look (weight 600), a plain <a href="/..."> (see DataTable). */
export const cellLinkClass = classes.link;

/**
 * A bordered, striped table that scrolls sideways on a phone instead of squeezing its columns
 * (what Table.ScrollContainer type="native" does). It is a plain <table> styled here: Mantine's Table
 * statically imports ScrollArea and, through it, @floating-ui, which would put ~15 KB gzip into the
 * first screen's bundle. The scroll container is focusable so keyboard users can scroll it.
 * The table is named by a visually hidden caption rather than aria-label, so the name never makes
 * getByLabel("Comment") and the like ambiguous. Children are plain <thead>/<tbody>/<tr>/<th>/<td>.
 * Links in cells are plain <a href="/..."> (class cellLinkClass): the table turns their clicks into
 * client-side navigation (useRouterLinkClicks), so a long table renders no <Link> components.
 */
export function DataTable({
  label,
  minWidth = 560,
  dense = false,
  fixedLayout = false,
  children,
}: {
  label: string;
  minWidth?: number;
  /** Narrower cell padding, for wide tables. */
  dense?: boolean;
  /**
   * table-layout: fixed, widths from the first row (a <colgroup>): columns do not jump when the
   * rows change (sorting, paging), and the browser lays the table out without measuring every cell.
   */
  fixedLayout?: boolean;
  children: ReactNode;
}) {
  const onClick = useRouterLinkClicks();
  return (
    <div className={classes.frame}>
      <div className={classes.scroll} tabIndex={0} onClick={onClick}>
        <table
          className={classes.table}
          data-dense={dense || undefined}
          data-fixed={fixedLayout || undefined}
          style={{ minWidth }}
        >
          <caption className={classes.caption}>{label}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}
