import { lazy, memo, Suspense, useDeferredValue, useMemo, useRef, useState } from "react";
import { Button, Group, Pagination, Text, TextInput, UnstyledButton } from "@mantine/core";
import "@mantine/core/styles/Pagination.css";
import { useLocation, useSearchParams } from "react-router-dom";
import { Messages } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { CommentIcon, PlusIcon, SortIcon } from "../../components/icons";
import { EmptyMessage, ErrorAlert, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { formatAbv, orNA } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { LibraryTransferLinks } from "../Import/LibraryTransferLinks";
import { PAGE_SIZE, pageCount, readView, writeView, type LibraryView } from "./libraryView";
import {
  filterBottles,
  nextSort,
  sortBottles,
  type BottleListItem,
  type SortKey,
  type SortState,
} from "./sortBottles";
import buttons from "../../components/buttons.module.css";
import classes from "./LibraryBottles.module.css";

// Dialogs load when first opened: the table does not wait for Modal, FocusTrap and the inputs.
const CommentsDialog = lazy(() => import("./CommentsDialog").then((m) => ({ default: m.CommentsDialog })));
const NewBottleDialog = lazy(() => import("./NewBottleDialog"));
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
  // Beyond the spec's columns: the club's average score of the bottle's pours (issue 12).
  { key: "clubScore", label: "Club score" },
];

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
      <td className={classes.nameCell}>
        <a href={`/bottle/${bottle.id}`} className={cellLinkClass}>
          {bottle.name}
        </a>
      </td>
      <td>{orNA(bottle.brand)}</td>
      <td>{orNA(bottle.drinkType)}</td>
      <td>{orNA(bottle.country)}</td>
      <td>{orNA(bottle.state)}</td>
      <td className={classes.abv}>{formatAbv(bottle.abv)}</td>
      <td className={classes.abv}>{formatClubScore(bottle.clubScore)}</td>
      <td>
        <div className={classes.actions}>
          <button
            type="button"
            className={buttons.button}
            data-variant="light"
            data-size="compact-sm"
            onClick={() => open({ kind: "comments", bottle })}
          >
            <CommentIcon size={14} />
            View Comments
          </button>
          {isMember ? (
            <button
              type="button"
              className={buttons.button}
              data-variant="default"
              data-size="compact-sm"
              onClick={() => open({ kind: "comment", bottle })}
            >
              Add Comment
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
});

/**
 * The line above the table: "24 bottles", "3 of 10,000 bottles" (searching), "Showing 51–100 of
 * 10,000 bottles", "Showing 1–50 of 312 matches, 10,000 bottles in all".
 */
function summary(first: number, last: number, matching: number, total: number, paged: boolean): string {
  const all = `${count.format(total)} bottles`;
  if (!paged) return matching === total ? all : `${count.format(matching)} of ${all}`;
  const range = `Showing ${count.format(first)}–${count.format(last)}`;
  return matching === total
    ? `${range} of ${all}`
    : `${range} of ${count.format(matching)} matches, ${all} in all`;
}

/**
 * The library: sortable by every column, searchable, 50 rows a page (a club may own thousands of
 * bottles; see docs/decisions.md). Sort, page and search live in the URL, so Back from a bottle
 * returns to the same page.
 */
export default function LibraryBottlesPage() {
  useTitle("Library Bottles");
  const session = useSession();
  const bottles = trpc.bottles.list.useQuery();
  const clubScores = trpc.night.clubScores.useQuery();
  const withScores = useMemo(() => {
    if (!bottles.data || !clubScores.data) return bottles.data;
    const scoreOf = new Map(clubScores.data.map((s) => [s.bottleId, s.clubScore]));
    return bottles.data.map((b): BottleListItem => ({ ...b, clubScore: scoreOf.get(b.id) ?? null }));
  }, [bottles.data, clubScores.data]);
  // The list arrives as an urgent update; the table follows as a transition, which React renders in
  // slices (indexing thousands of bottles and the first page do not block the main thread at once).
  const list = useDeferredValue(withScores);
  const [params] = useSearchParams();
  const location = useLocation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const tableTop = useRef<HTMLDivElement>(null);

  // The view is this screen's state, written through to the URL with history.replaceState: a sort
  // or a page turn re-renders this screen alone, at once (through the router, every click would
  // re-render the whole layout as a transition). The router still sees the URL whenever it reads
  // it (Back from a bottle, a reload). When the router itself navigates here (the Library Bottles
  // link while on this screen, Back or Forward), its URL wins.
  const [view, setViewState] = useState(() => readView(params));
  const [search, setSearch] = useState(view.query);
  const [routerKey, setRouterKey] = useState(location.key);
  if (location.key !== routerKey) {
    const fromUrl = readView(params);
    setRouterKey(location.key);
    setViewState(fromUrl);
    setSearch(fromUrl.query);
  }
  const setView = (next: LibraryView) => {
    setViewState(next);
    const search = writeView(next).toString();
    const url = `${location.pathname}${search ? `?${search}` : ""}${window.location.hash}`;
    // Keep the router's own history state (its entry index and key).
    window.history.replaceState(window.history.state, "", url);
  };
  // Typing stays snappy: filtering 10,000 bottles may lag a keystroke behind.
  const query = useDeferredValue(view.query);

  const { key: sortKey, direction } = view.sort;
  const sorted = useMemo(
    () => (list ? sortBottles(list, { key: sortKey, direction }) : []),
    [list, sortKey, direction],
  );
  const matching = useMemo(() => filterBottles(sorted, query), [sorted, query]);
  const pages = pageCount(matching.length);
  const page = Math.min(view.page, pages);
  const first = (page - 1) * PAGE_SIZE;
  const rows = useMemo(() => matching.slice(first, first + PAGE_SIZE), [matching, first]);

  const onSort = (key: SortKey) => setView({ ...view, sort: nextSort(view.sort, key), page: 1 });
  const onSearch = (text: string) => {
    setSearch(text);
    setView({ ...view, query: text, page: 1 });
  };
  const onPage = (next: number) => {
    setView({ ...view, page: next });
    // Start the new page from its first row when the table's top has scrolled away.
    const top = tableTop.current;
    if (top && top.getBoundingClientRect().top < 64) top.scrollIntoView({ block: "start" });
  };

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

      {bottles.isError ? (
        <ErrorAlert message={Messages.fetchBottleData} />
      ) : list === undefined ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <EmptyMessage>{Messages.noBottles}</EmptyMessage>
      ) : (
        <>
          <Group justify="space-between" mb="md" gap="sm" ref={tableTop} className={classes.toolbar}>
            <TextInput
              type="search"
              aria-label="Search bottles"
              placeholder="Search by name, brand, type or region"
              value={search}
              onChange={(event) => onSearch(event.currentTarget.value)}
              w={{ base: "100%", sm: 360 }}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {summary(first + 1, first + rows.length, matching.length, list.length, pages > 1)}
            </Text>
          </Group>
          <DataTable label="Library bottles" minWidth={session ? 1140 : 1000} dense fixedLayout>
            <colgroup>
              <col className={classes.nameCol} />
              <col />
              <col className={classes.typeCol} />
              <col span={2} />
              <col className={classes.abvCol} />
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
          {matching.length === 0 ? <EmptyMessage>No bottles match your search.</EmptyMessage> : null}
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
