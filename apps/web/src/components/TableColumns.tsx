import type { Key, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { currentLanguage, translate } from "../lib/i18n";
import { shellMessages } from "./shellMessages";

/**
 * One column of a table: its header, and what each row shows under it. A table's columns are a
 * list (a constant, or built where the cells need the screen's state), rendered by TableColumns.
 */
export interface Column<Row> {
  /** The header cell's text (on a phone, DataTable copies it onto the cells as their label). */
  header: string;
  /** What the row shows in this column. */
  cell: (row: Row) => ReactNode;
  /** A class for the header cell and the body cells (a money column's alignment). */
  className?: string;
  /** The header cell's own attributes (a fixed width's class). */
  th?: ThHTMLAttributes<HTMLTableCellElement>;
  /** The body cells' own attributes (a style, a class, a tooltip). */
  td?: TdHTMLAttributes<HTMLTableCellElement>;
}

/** The header row: a <th> per column. */
export function TableHead<Row>({ columns }: { columns: readonly Column<Row>[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={i} {...column.th} className={column.className ?? column.th?.className}>
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface RowsProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** The row's React key (its id). */
  rowKey: (row: Row) => Key;
  /** The row's data attributes, if any (data-action="error"). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
}

/** A <tr> per row, with a <td> per column (no <tbody>: a grouped table puts them in its own). */
export function TableRows<Row>({ columns, rows, rowKey, rowData }: RowsProps<Row>) {
  return rows.map((row) => (
    <tr key={rowKey(row)} {...rowData?.(row)}>
      {columns.map((column, i) => (
        <td key={i} {...column.td} className={column.className ?? column.td?.className}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  ));
}

/** A table's header and body from its columns, inside a DataTable (or any <table>). */
export function TableColumns<Row>(props: RowsProps<Row>) {
  return (
    <>
      <TableHead columns={props.columns} />
      <tbody>
        <TableRows {...props} />
      </tbody>
    </>
  );
}

/**
 * The Actions column, on view when at least one row `may` be acted on (the author's or an admin's
 * Edit and Delete); a row that may not has an empty cell. Built while the screen renders: its header
 * is in the language the screen shows.
 */
export function actionsColumn<Row>(
  rows: readonly Row[],
  may: (row: Row) => boolean,
  actions: (row: Row) => ReactNode,
): Column<Row>[] {
  return rows.some(may)
    ? [
        {
          header: translate(currentLanguage(), shellMessages, "actions"),
          cell: (row) => (may(row) ? actions(row) : null),
        },
      ]
    : [];
}
