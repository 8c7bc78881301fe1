import { lazy, memo, Suspense, useRef, useState, type ReactNode } from "react";
import { Button, Group, Pagination, Text, TextInput, UnstyledButton } from "@mantine/core";
import "@mantine/core/styles/Pagination.css";
import { useDebouncedCallback } from "@mantine/hooks";
import { useLocation, useSearchParams } from "react-router-dom";
import { BOTTLE_STATUS_LABELS, Messages, searchTextProblem, type BottleSearchItem } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { CommentIcon, PlusIcon, SortIcon } from "../../components/icons";
import { EmptyMessage, LoadError, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { useIdlePreload } from "../../lib/idle";
import { lazyRoute } from "../../lib/lazyRoute";
import { formatAbv, formatPrice, orNA } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { pushViewUrl, replaceViewUrl } from "../../lib/viewHistory";
import { LibraryTransferLinks } from "../Import/LibraryTransferLinks";
import {
  activeFilterCount,
  nextSort,
  PAGE_SIZE,
  pageCount,
  readView,
  searchInput,
  writeView,
  type LibraryFilters,
  type LibraryView,
  type SortKey,
  type SortState,
} from "./libraryView";
import buttons from "../../components/buttons.module.css";
import classes from "./LibraryBottles.module.css";
import { Later } from "../../components/Later";

// Dialogs load when first opened: the table does not wait for Modal, FocusTrap and the inputs. A
// visitor's one dialog (View Comments) loads once the app is idle, so its first tap opens it at once.
const CommentsDialog = lazyRoute(() =>
  import("./CommentsDialog").then((m) => ({ default: m.CommentsDialog })),
);
const NewBottleDialog = lazy(() => import("./NewBottleDialog"));
const LibraryFiltersPanel = lazy(() =>
  import("./LibraryFilters").then((m) => ({ default: m.LibraryFiltersPanel })),
);
const CommentForm = lazy(() =>
  import("../../components/CommentForm").then((m) => ({ default: m.CommentForm })),
);

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "brand", label: "Brand" },
  { key: "drinkType", label: "Type" },
  { key: "country", label: "Country" },
  { key: "state", label: "State" },
  { key: "abv", label: "ABV" },
  // Beyond the floor's columns: the cellar and the club's average score.
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

type BottleListItem = BottleSearchItem;

const STATUS_LABEL = BOTTLE_STATUS_LABELS;

type Dialog =
  | { kind: "new" }
  | { kind: "comments"; bottle: BottleListItem }
  | { kind: "comment"; bottle: BottleListItem }
  | null;

type OpenDialog = (dialog: Dialog) => void;

const count = new Intl.NumberFormat("en-US");

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
 * On a phone the sort headers give way to one native select (the headers' chips took
 * four rows): the system's own picker, no flicker, one line.
 */
function PhoneSort({ sort, onChange }: { sort: SortState; onChange: (sort: SortState) => void }) {
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
  bottle: BottleListItem;
  isMember: boolean;
  open: OpenDialog;
}) {
  return (
    <tr>
      <td className={classes.nameCell} data-label={LABEL.name}>
        <a href={`/bottle/${bottle.id}`} className={cellLinkClass}>
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
      <td data-label={LABEL.status}>{STATUS_LABEL[bottle.status]}</td>
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
 * The line above the table: "24 bottles", "3 matches", "Showing 51–100 of 10,000 bottles",
 * "Showing 1–50 of 312 matches".
 */
function summary(first: number, last: number, total: number, narrowed: boolean): string {
  const what = narrowed
    ? `${count.format(total)} ${total === 1 ? "match" : "matches"}`
    : `${count.format(total)} ${total === 1 ? "bottle" : "bottles"}`;
  if (total <= PAGE_SIZE) return what;
  return `Showing ${count.format(first)}–${count.format(last)} of ${what}`;
}

/**
 * The library: the server searches, filters, sorts and pages it (GET /api/Bottles/Search), so a
 * club with thousands of bottles downloads one page of 50. Search, filters, sort and page live in
 * the URL, so Back from a bottle or a reload returns to the same page.
 */
export default function LibraryBottlesPage() {
  useTitle("Library Bottles");
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const tableTop = useRef<HTMLDivElement>(null);
  useIdlePreload(CommentsDialog.preload);

  // The view is this screen's state, written through to the URL as a history entry of its own
  // (lib/viewHistory.ts): a sort, a filter or a page turn re-renders this screen alone, at once
  // (through the router, every click would re-render the whole layout as a transition), and Back
  // and Forward step through them. The router still sees the URL whenever it reads it
  // (Back from a bottle, a reload). When the router itself navigates here (the Library Bottles
  // link while on this screen, Back or Forward), its URL wins: every router navigation gives a
  // new location object.
  const [view, setViewState] = useState(() => readView(params));
  const [search, setSearch] = useState(view.query);
  const [routerLocation, setRouterLocation] = useState(location);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(view.filters) > 0);
  if (location !== routerLocation) {
    const fromUrl = readView(params);
    setRouterLocation(location);
    setViewState(fromUrl);
    setSearch(fromUrl.query);
    if (activeFilterCount(fromUrl.filters) > 0) setFiltersOpen(true);
  }
  const setView = (next: LibraryView, entry: "push" | "replace" = "push") => {
    setViewState(next);
    const search = writeView(next).toString();
    const url = `${location.pathname}${search ? `?${search}` : ""}${window.location.hash}`;
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    if (entry === "push") pushViewUrl(url);
    else replaceViewUrl(url);
  };

  // A search the server would refuse (too long, too many words) is said beside the box, not sent:
  // typed, the last accepted one stays; in a URL, the library shows unsearched.
  const searchProblem = searchTextProblem(search);
  const sent = searchTextProblem(view.query) === null ? view : { ...view, query: "" };
  const result = trpc.search.bottles.useQuery(searchInput(sent), {
    // The previous page stays on view while the next one loads: no flash of a loader.
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
  const data = result.data;
  const pages = pageCount(data?.total ?? 0);
  const page = Math.min(view.page, pages);
  const first = (page - 1) * PAGE_SIZE;
  const rows = data?.items ?? [];
  const narrowed = sent.query.trim() !== "" || activeFilterCount(view.filters) > 0;
  const filterCount = activeFilterCount(view.filters);

  const onSort = (key: SortKey) => setView({ ...view, sort: nextSort(view.sort, key), page: 1 });
  // The search applies once typing pauses; starting a search switches to best match first.
  const applySearch = useDebouncedCallback((text: string, current: LibraryView) => {
    const searching = text.trim() !== "";
    const defaultSort = current.sort.key === "name" && current.sort.direction === "asc";
    const sort: SortState = searching
      ? defaultSort
        ? { key: null, direction: "asc" }
        : current.sort
      : current.sort.key === null
        ? { key: "name", direction: "asc" }
        : current.sort;
    // A new search is a step Back returns from; refining it as it is typed is not.
    setView({ ...current, query: text, sort, page: 1 }, current.query.trim() === "" ? "push" : "replace");
  }, 250);
  const onSearch = (text: string) => {
    setSearch(text);
    if (searchTextProblem(text) === null) applySearch(text, view);
    else applySearch.cancel();
  };
  const onFilters = (filters: LibraryFilters) => setView({ ...view, filters, page: 1 });
  const onPage = (next: number) => {
    setView({ ...view, page: next });
    // Start the new page from its first row when the table's top has scrolled away.
    const top = tableTop.current;
    if (top && top.getBoundingClientRect().top < 64) top.scrollIntoView({ block: "start" });
  };

  const emptyLibrary = data !== undefined && data.total === 0 && !narrowed;

  return (
    <>
      <PageHeader
        title="Library Bottles"
        subtitle="Every bottle the club has poured or keeps on the shelf."
        actions={
          session ? (
            <Button leftSection={<PlusIcon />} onClick={() => setDialog({ kind: "new" })}>
              Add New Bottle
            </Button>
          ) : null
        }
      />

      {result.isError && !data ? (
        <LoadError message={Messages.fetchBottleData} />
      ) : data === undefined ? (
        <PageLoader />
      ) : emptyLibrary ? (
        <EmptyMessage>{Messages.noBottles}</EmptyMessage>
      ) : (
        <>
          <Group justify="space-between" mb="md" gap="sm" ref={tableTop} className={classes.toolbar}>
            <Group gap="sm" className={classes.searchGroup}>
              <TextInput
                type="search"
                aria-label="Search bottles"
                placeholder="Search name, brand, state, notes…"
                value={search}
                error={searchProblem}
                onChange={(event) => onSearch(event.currentTarget.value)}
                className={classes.searchInput}
              />
              <Button
                variant={filterCount > 0 ? "light" : "default"}
                onClick={() => setFiltersOpen((open) => !open)}
                aria-expanded={filtersOpen}
                aria-controls="library-filters"
              >
                {filterCount > 0 ? `Filters (${filterCount})` : "Filters"}
              </Button>
            </Group>
            <PhoneSort sort={view.sort} onChange={(sort) => setView({ ...view, sort, page: 1 })} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {summary(first + 1, first + rows.length, data.total, narrowed)}
            </Text>
          </Group>
          <div id="library-filters" hidden={!filtersOpen}>
            <Later when={filtersOpen}>
              <LibraryFiltersPanel filters={view.filters} onChange={onFilters} />
            </Later>
          </div>
          <div className={classes.library}>
            <DataTable
              label="Library bottles"
              minWidth={1060}
              dense
              fixedLayout
              busy={result.isPlaceholderData}
            >
              <colgroup>
                <col className={classes.nameCol} />
                <col />
                <col className={classes.typeCol} />
                <col span={2} />
                <col className={classes.abvCol} />
                <col className={classes.statusCol} />
                <col className={classes.costCol} />
                <col className={classes.scoreCol} />
                <col className={session ? classes.memberActionsCol : classes.actionsCol} />
              </colgroup>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <SortHeader key={column.key} column={column} sort={view.sort} onSort={onSort} />
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
                  <BottleRow key={index} bottle={bottle} isMember={session !== null} open={setDialog} />
                ))}
              </tbody>
            </DataTable>
          </div>
          {data.total === 0 ? <EmptyMessage>No bottles match your search.</EmptyMessage> : null}
          {pages > 1 ? (
            <nav aria-label="Library pages" className={classes.pager}>
              <Pagination
                total={pages}
                value={page}
                onChange={onPage}
                withEdges
                layout="responsive"
                className={classes.pagination}
                getItemProps={(n) => ({ "aria-label": `Page ${n}` })}
                getControlProps={(control) => ({ "aria-label": `${CONTROL_LABEL[control]} page` })}
              />
            </nav>
          ) : null}
        </>
      )}

      <LibraryTransferLinks />

      <Suspense fallback={null}>
        {dialog?.kind === "comments" ? <CommentsDialog bottle={dialog.bottle} onClose={close} /> : null}
        {dialog?.kind === "new" ? <NewBottleDialog onClose={close} /> : null}
        {dialog?.kind === "comment" ? (
          <CommentForm
            bottleId={dialog.bottle.id}
            dialog={{ title: `Add Comment on ${dialog.bottle.name}`, onClose: close }}
          />
        ) : null}
      </Suspense>
    </>
  );
}

const CONTROL_LABEL = { first: "First", previous: "Previous", next: "Next", last: "Last" } as const;
