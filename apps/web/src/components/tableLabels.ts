/** A header's label for its cells: its data-label if it has one (may be empty), else its text. */
const headerLabel = (th: HTMLTableCellElement) => th.dataset.label ?? th.textContent?.trim() ?? "";

/**
 * The label of a body cell that starts at `column` and spans `span` columns: its column's header's,
 * or none ("") for a cell across several columns (a group's heading row, "Upcoming meetings"), which
 * is no one column's value. One rule for the app's tables (labelCells) and the server's first
 * screens (labelTableMarkup).
 */
export const cellLabel = (labels: readonly string[], column: number, span: number): string =>
  span > 1 ? "" : (labels[column] ?? "");

/**
 * Copies each column header's text onto the body (and footer) cells of its column as data-label (the phone
 * layout shows it beside the value). Column spans are followed; attributes are only written when
 * they change, so running it on every DOM change is cheap.
 */
export function labelCells(table: HTMLTableElement): void {
  const headerRow = table.tHead?.rows[table.tHead.rows.length - 1];
  if (!headerRow) return;
  const labels: string[] = [];
  for (const th of Array.from(headerRow.cells)) {
    for (let i = 0; i < th.colSpan; i++) labels.push(headerLabel(th));
  }
  // The body rows, and a footer's (a Total row under the lines it adds up).
  for (const body of [...Array.from(table.tBodies), ...(table.tFoot ? [table.tFoot] : [])]) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const label = cellLabel(labels, column, cell.colSpan);
        if (cell.getAttribute("data-label") !== label) cell.setAttribute("data-label", label);
        column += cell.colSpan;
      }
    }
  }
}
