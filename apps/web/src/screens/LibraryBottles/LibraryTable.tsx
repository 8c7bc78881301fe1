import { memo, type ReactNode } from "react";
import { UnstyledButton } from "@mantine/core";
import type { BottleSearchItem } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { CommentIcon, PlusIcon, SortIcon } from "../../components/icons";
import { formatAbv, formatNumber, formatPrice } from "../../lib/format";
import { useT } from "../../lib/i18n";
import type { SortKey, SortState } from "./libraryView";
import buttons from "../../components/buttons.module.css";
import classes from "./LibraryBottles.module.css";
import { withBase } from "../../lib/basePath";
import { libraryMessages, statusKey, type LibraryKey, type LibraryT } from "./libraryMessages";

const COLUMNS: SortKey[] = [
  "name",
  "brand",
  "drinkType",
  "country",
  "state",
  "abv",
  // After the library's six: the cellar's status and cost per pour, the club's average score.
  "status",
  "costPerPour",
  "clubScore",
];

/** A column's header ("Cost per pour"). */
const columnLabel = (t: LibraryT, key: SortKey) => t(`col.${key}` as LibraryKey);

/** A row's dialogs: its comments, and a member's new comment. */
export type RowDialog = { kind: "comments" | "comment"; bottle: BottleSearchItem };

/** "86.5", or a dash for a bottle nobody has scored. */
const formatClubScore = (score: number | null | undefined) =>
  typeof score === "number" ? formatNumber(score, 1) : "—";

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: SortKey;
  sort: SortState;
  onSort: (key: SortKey) => void;
}) {
  const t = useT(libraryMessages);
  const active = sort.key === column;
  const direction = active ? sort.direction : null;
  return (
    <th
      aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
      className={classes.sortTh}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        className={classes.sortButton}
        data-active={active || undefined}
      >
        <span>{columnLabel(t, column)}</span>
        <SortIcon order={direction} className={classes.sortIcon} />
      </UnstyledButton>
    </th>
  );
}

/** The phone's one sort control's choices: each column both ways, in words a member uses. */
const sortChoices = (t: LibraryT): { value: string; label: string }[] =>
  COLUMNS.flatMap((key) => {
    const [up, down]: [LibraryKey, LibraryKey] =
      key === "name" || key === "brand" || key === "drinkType" || key === "country" || key === "state"
        ? ["sort.az", "sort.za"]
        : key === "status"
          ? ["sort.openFirst", "sort.neverBoughtFirst"]
          : ["sort.lowest", "sort.highest"];
    const column = columnLabel(t, key);
    return [
      { value: `${key}:asc`, label: t(up, { column }) },
      { value: `${key}:desc`, label: t(down, { column }) },
    ];
  });

/**
 * On a phone the sort headers give way to one native select (the headers' chips took four rows): the system's own picker, no flicker, one line.
 */
export function PhoneSort({ sort, onChange }: { sort: SortState; onChange: (sort: SortState) => void }) {
  const t = useT(libraryMessages);
  const value = sort.key === null ? "relevance" : `${sort.key}:${sort.direction}`;
  return (
    <label className={classes.phoneSort}>
      <span className={classes.phoneSortLabel}>{t("sort")}</span>
      <select
        aria-label={t("sort")}
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
        {sort.key === null ? <option value="relevance">{t("sort.best")}</option> : null}
        {sortChoices(t).map((choice) => (
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
  const t = useT(libraryMessages);
  // The cells' labels for the phone's stacked rows. DataTable copies them from the headers after
  // rendering; written here too, the server's prerender of this screen has them on its first paint.
  const label = (key: SortKey) => columnLabel(t, key);
  const orNA = (value: string | null | undefined) => value || t("na");
  return (
    <tr>
      <td className={classes.nameCell} data-label={label("name")} data-col="name">
        <a href={withBase(`/bottle/${bottle.id}`)} className={cellLinkClass}>
          {bottle.name}
        </a>
      </td>
      <td data-label={label("brand")} data-col="brand">
        {orNA(bottle.brand)}
      </td>
      <td data-label={label("drinkType")} data-col="drinkType">
        {orNA(bottle.drinkType)}
      </td>
      <td data-label={label("country")} data-col="country">
        {orNA(bottle.country)}
      </td>
      <td data-label={label("state")} data-col="state">
        {orNA(bottle.state)}
      </td>
      <td className={classes.abv} data-label={label("abv")} data-col="abv">
        {formatAbv(bottle.abv)}
      </td>
      <td data-label={label("status")} data-col="status">
        {t(statusKey(bottle.status))}
      </td>
      <td className={classes.abv} data-label={label("costPerPour")} data-col="costPerPour">
        {bottle.costPerPour === null ? "—" : formatPrice(bottle.costPerPour)}
      </td>
      <td className={classes.abv} data-label={label("clubScore")} data-col="clubScore">
        {formatClubScore(bottle.clubScore)}
      </td>
      <td data-label="">
        <div className={classes.actions}>
          <RowAction variant="light" onClick={() => open({ kind: "comments", bottle })}>
            <CommentIcon size={14} />
            <span>{t("viewComments")}</span>
          </RowAction>
          {isMember ? (
            <RowAction variant="default" onClick={() => open({ kind: "comment", bottle })}>
              <PlusIcon size={14} />
              <span>{t("addComment")}</span>
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
  const t = useT(libraryMessages);
  return (
    <div className={classes.library}>
      <DataTable label={t("table")} minWidth={1060} dense fixedLayout busy={busy}>
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
              <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
            ))}
            <th data-label="">
              <span className={classes.visuallyHidden}>{t("col.actions")}</span>
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
