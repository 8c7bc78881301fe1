import { memo, type ReactNode } from "react";
import { UnstyledButton } from "@mantine/core";
import { BOTTLE_STATUS_LABELS, type BottleSearchItem } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { CommentIcon, PlusIcon, SortIcon } from "../../components/icons";
import { formatAbv, formatPrice, orNA } from "../../lib/format";
import type { SortKey, SortState } from "./libraryView";
import buttons from "../../components/buttons.module.css";
import classes from "./LibraryBottles.module.css";
import { withBase } from "../../lib/basePath";

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "brand", label: "Brand" },
  { key: "drinkType", label: "Type" },
  { key: "country", label: "Country" },
  { key: "state", label: "State" },
  { key: "abv", label: "ABV" },
  // After the library's six: the cellar's status and cost per pour, the club's average score.
  { key: "status", label: "Status" },
  { key: "costPerPour", label: "Cost per pour" },
  { key: "clubScore", label: "Club score" },
];

/**
 * The cells' labels for the phone's stacked rows. DataTable copies them from the headers after
 * rendering; written here too, the server's prerender of this screen has them on its first paint.
 */
const LABEL = Object.fromEntries(COLUMNS.map((column) => [column.key, column.label])) as Record<
  SortKey,
  string
>;

/** A row's dialogs: its comments, and a member's new comment. */
export type RowDialog = { kind: "comments" | "comment"; bottle: BottleSearchItem };

/** "86.5", or a dash for a bottle nobody has scored. */
const formatClubScore = (score: number | null | undefined) =>
  typeof score === "number" ? String(Math.round(score * 10) / 10) : "—";

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: SortState;
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === column.key;
  const direction = active ? sort.direction : null;
  return (
    <th
      aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
      className={classes.sortTh}
    >
      <UnstyledButton
        onClick={() => onSort(column.key)}
        className={classes.sortButton}
        data-active={active || undefined}
      >
        <span>{column.label}</span>
        <SortIcon order={direction} className={classes.sortIcon} />
      </UnstyledButton>
    </th>
  );
}

/** The phone's one sort control's choices: each column both ways, in words a member uses. */
const SORT_CHOICES: { value: string; label: string }[] = COLUMNS.flatMap((column) => {
  const [up, down] =
    column.key === "name" ||
    column.key === "brand" ||
    column.key === "drinkType" ||
    column.key === "country" ||
    column.key === "state"
      ? ["A to Z", "Z to A"]
      : column.key === "status"
        ? ["open first", "never bought first"]
        : ["lowest first", "highest first"];
  return [
    { value: `${column.key}:asc`, label: `${column.label}, ${up}` },
    { value: `${column.key}:desc`, label: `${column.label}, ${down}` },
  ];
});

/**
 * On a phone the sort headers give way to one native select (the headers' chips took four rows): the system's own picker, no flicker, one line.
 */
export function PhoneSort({ sort, onChange }: { sort: SortState; onChange: (sort: SortState) => void }) {
  const value = sort.key === null ? "relevance" : `${sort.key}:${sort.direction}`;
  return (
    <label className={classes.phoneSort}>
      <span className={classes.phoneSortLabel}>Sort</span>
      <select
        aria-label="Sort"
        className={classes.sortSelect}
        value={value}
        onChange={(event) => {
          const [key, direction] = event.currentTarget.value.split(":") as [
            SortKey | "relevance",
            SortState["direction"],
          ];
          onChange(key === "relevance" ? { key: null, direction: "asc" } : { key, direction });
        }}
      >
        {sort.key === null ? <option value="relevance">Best match</option> : null}
        {SORT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * One bottle. Plain elements styled like Mantine's Anchor (DataTable's cellLinkClass; the table routes
 * the click) and compact Buttons (components/buttons.module.css): a page of Mantine components and
 * <Link>s costs several times more to render, and a sort re-renders the page.
 * Memoised, so a re-render with the same rows touches none of them.
 */
const BottleRow = memo(function BottleRow({
  bottle,
  isMember,
  open,
}: {
  bottle: BottleSearchItem;
  isMember: boolean;
  open: (dialog: RowDialog) => void;
}) {
  return (
    <tr>
      <td className={classes.nameCell} data-label={LABEL.name}>
        <a href={withBase(`/bottle/${bottle.id}`)} className={cellLinkClass}>
          {bottle.name}
        </a>
      </td>
      <td data-label={LABEL.brand}>{orNA(bottle.brand)}</td>
      <td data-label={LABEL.drinkType}>{orNA(bottle.drinkType)}</td>
      <td data-label={LABEL.country}>{orNA(bottle.country)}</td>
      <td data-label={LABEL.state}>{orNA(bottle.state)}</td>
      <td className={classes.abv} data-label={LABEL.abv}>
        {formatAbv(bottle.abv)}
      </td>
      <td data-label={LABEL.status}>{BOTTLE_STATUS_LABELS[bottle.status]}</td>
      <td className={classes.abv} data-label={LABEL.costPerPour}>
        {bottle.costPerPour === null ? "—" : formatPrice(bottle.costPerPour)}
      </td>
      <td className={classes.abv} data-label={LABEL.clubScore}>
        {formatClubScore(bottle.clubScore)}
      </td>
      <td data-label="">
        <div className={classes.actions}>
          <RowAction variant="light" onClick={() => open({ kind: "comments", bottle })}>
            <CommentIcon size={14} />
            <span>View Comments</span>
          </RowAction>
          {isMember ? (
            <RowAction variant="default" onClick={() => open({ kind: "comment", bottle })}>
              <PlusIcon size={14} />
              <span>Add Comment</span>
            </RowAction>
          ) : null}
        </div>
      </td>
    </tr>
  );
});

/** A row's small button: a plain <button> with Mantine's Button look (compact-sm). */
function RowAction({
  variant,
  onClick,
  children,
}: {
  variant: "light" | "default";
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={buttons.button}
      data-variant={variant}
      data-size="compact-sm"
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * The library's table: one page of rows under sort headers (a phone has PhoneSort instead). `open`
 * opens a row's dialog; pass the same function each render, so unchanged rows are not rendered again.
 */
export function LibraryTable({
  rows,
  sort,
  onSort,
  isMember,
  open,
  busy,
}: {
  rows: BottleSearchItem[];
  sort: SortState;
  onSort: (key: SortKey) => void;
  isMember: boolean;
  open: (dialog: RowDialog) => void;
  /** The previous page is on view while the next one loads. */
  busy: boolean;
}) {
  return (
    <div className={classes.library}>
      <DataTable label="Library bottles" minWidth={1060} dense fixedLayout busy={busy}>
        <colgroup>
          <col className={classes.nameCol} />
          <col />
          <col className={classes.typeCol} />
          <col span={2} />
          <col className={classes.abvCol} />
          <col className={classes.statusCol} />
          <col className={classes.costCol} />
          <col className={classes.scoreCol} />
          <col className={isMember ? classes.memberActionsCol : classes.actionsCol} />
        </colgroup>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <th data-label="">
              <span className={classes.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {/* Keyed by position: a new sort or page updates the texts of the same 50 rows
            instead of replacing every row's elements (half the work of a re-render). */}
          {rows.map((bottle, index) => (
            <BottleRow key={index} bottle={bottle} isMember={isMember} open={open} />
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}
