import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from "react";
import { useRouterLinkClicks } from "../lib/routerLinks";
import { labelCells } from "./tableLabels";
import classes from "./DataTable.module.css";

/** The class of a link in a cell: Mantine's Anchor look (weight 600), a plain <a href="/..."> (see DataTable). */
export const cellLinkClass = classes.link;

/**
 * A bordered, striped table. On a wide screen it is a real table that scrolls sideways inside its
 * frame when it cannot fit; on a phone (under 40em) every row becomes a stacked card, each cell
 * labelled by its column's header (a data-label copied from the <th>, shown by CSS), so nothing
 * needs sideways scrolling. A header with data-label="" labels no cell (an actions column); a
 * header with buttons (the library's sort headers) stays on view as a row of chips.
 * It is a plain <table> styled here: Mantine's Table statically imports ScrollArea and, through it,
 * @floating-ui, which would put ~15 KB gzip into the first screen's bundle. The scroll container is
 * focusable so keyboard users can scroll it.
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
  busy = false,
  children,
}: {
  label: string;
  /** The width under which the table scrolls inside its frame (wide screens only). */
  minWidth?: number;
  /** Narrower cell padding, for wide tables. */
  dense?: boolean;
  /**
   * table-layout: fixed, widths from the first row (a <colgroup>): columns do not jump when the
   * rows change (sorting, paging), and the browser lays the table out without measuring every cell.
   */
  fixedLayout?: boolean;
  /** The rows on view are the previous answer while the next one loads (aria-busy). */
  busy?: boolean;
  children: ReactNode;
}) {
  const onClick = useRouterLinkClicks();
  const table = useRef<HTMLTableElement>(null);

  // Label every cell with its header, now and whenever rows or cells are added (a new page, a
  // column another screen adds, a header's words in another language); before paint, so a phone
  // never shows unlabelled cells.
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    labelCells(element);
    const observer = new MutationObserver(() => labelCells(element));
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);

  return (
    <div className={classes.frame}>
      <div className={classes.scroll} tabIndex={0} onClick={onClick}>
        <table
          ref={table}
          className={classes.table}
          data-dense={dense || undefined}
          data-fixed={fixedLayout || undefined}
          aria-busy={busy || undefined}
          style={{ "--table-min-width": `${minWidth}px` } as CSSProperties}
        >
          <caption className={classes.caption}>{label}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}
