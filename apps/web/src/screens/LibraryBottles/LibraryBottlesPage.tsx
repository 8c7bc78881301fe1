import { lazy, Suspense, useRef, useState } from "react";
import { Button, Group, Pagination, Text, TextInput } from "@mantine/core";
import "@mantine/core/styles/Pagination.css";
import { PageHeader } from "../../components/PageHeader";
import { PlusIcon } from "../../components/icons";
import { EmptyMessage, LoadError, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { useIdlePreload } from "../../lib/idle";
import { lazyRoute } from "../../lib/lazyRoute";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { LibraryTransferLinks } from "../Import/LibraryTransferLinks";
import {
  activeFilterCount,
  nextSort,
  PAGE_SIZE,
  pageCount,
  searchInput,
  type LibraryFilters,
  type SortKey,
} from "./libraryView";
import { LibraryTable, PhoneSort, type RowDialog } from "./LibraryTable";
import { useLibraryView } from "./useLibraryView";
import classes from "./LibraryBottles.module.css";
import { Later } from "../../components/Later";
import { formatNumber } from "../../lib/format";
import { useT } from "../../lib/i18n";
import { libraryMessages, type LibraryT } from "./libraryMessages";

// Dialogs load when first opened: the table does not wait for Modal, FocusTrap and the inputs. A
// visitor's one dialog (View Comments) loads once the app is idle, so its first tap opens it at once.
const CommentsDialog = lazyRoute(() =>
  import("./CommentsDialog").then((m) => ({ default: m.CommentsDialog })),
);
const NewBottleDialog = lazy(() => import("./NewBottleDialog"));
// The scanner, its camera and its barcode reader load when a member opens it.
const ScanBarcodeDialog = lazy(() => import("./ScanBarcodeDialog"));
const LibraryFiltersPanel = lazy(() =>
  import("./LibraryFilters").then((m) => ({ default: m.LibraryFiltersPanel })),
);
const CommentForm = lazy(() =>
  import("../../components/CommentForm").then((m) => ({ default: m.CommentForm })),
);

type Dialog = { kind: "new" } | { kind: "scan" } | RowDialog | null;

/**
 * The line above the table: "24 bottles", "3 matches", "Showing 51–100 of 10,000 bottles",
 * "Showing 1–50 of 312 matches".
 */
function summary(t: LibraryT, first: number, last: number, total: number, narrowed: boolean): string {
  const what = t(narrowed ? "summary.matches" : "summary.bottles", { count: total });
  if (total <= PAGE_SIZE) return what;
  return t("summary.showing", { first: formatNumber(first, 0), last: formatNumber(last, 0), what });
}

/**
 * The library: the server searches, filters, sorts and pages it (GET /api/Bottles/Search), so a
 * club with thousands of bottles downloads one page of 50. Search, filters, sort and page live in
 * the URL, so Back from a bottle or a reload returns to the same page.
 */
export default function LibraryBottlesPage() {
  const t = useT(libraryMessages);
  useTitle(t("title"));
  const session = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const tableTop = useRef<HTMLDivElement>(null);
  useIdlePreload(CommentsDialog.preload);
  const { view, setView, search, searchProblem, sent, onSearch, filtersOpen, setFiltersOpen } =
    useLibraryView();

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
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          session ? (
            <>
              <Button leftSection={<PlusIcon />} onClick={() => setDialog({ kind: "new" })}>
                {t("addNew")}
              </Button>
              <Button variant="default" onClick={() => setDialog({ kind: "scan" })}>
                {t("scan")}
              </Button>
            </>
          ) : null
        }
      />

      {result.isError && !data ? (
        <LoadError message={t("failed")} />
      ) : data === undefined ? (
        <PageLoader />
      ) : emptyLibrary ? (
        <EmptyMessage>{t("empty")}</EmptyMessage>
      ) : (
        <>
          <Group justify="space-between" mb="md" gap="sm" ref={tableTop} className={classes.toolbar}>
            <Group gap="sm" className={classes.searchGroup}>
              <TextInput
                type="search"
                aria-label={t("searchLabel")}
                placeholder={t("searchPlaceholder")}
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
                {filterCount > 0 ? t("filtersCount", { count: filterCount }) : t("filters")}
              </Button>
            </Group>
            <PhoneSort sort={view.sort} onChange={(sort) => setView({ ...view, sort, page: 1 })} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {summary(t, first + 1, first + rows.length, data.total, narrowed)}
            </Text>
          </Group>
          <div id="library-filters" hidden={!filtersOpen}>
            <Later when={filtersOpen}>
              <LibraryFiltersPanel filters={view.filters} onChange={onFilters} />
            </Later>
          </div>
          <LibraryTable
            rows={rows}
            sort={view.sort}
            onSort={onSort}
            isMember={session !== null}
            open={setDialog}
            busy={result.isPlaceholderData}
          />
          {data.total === 0 ? <EmptyMessage>{t("noMatch")}</EmptyMessage> : null}
          {pages > 1 ? (
            <nav aria-label={t("pages")} className={classes.pager}>
              <Pagination
                total={pages}
                value={page}
                onChange={onPage}
                withEdges
                layout="responsive"
                className={classes.pagination}
                getItemProps={(n) => ({ "aria-label": t("page", { n }) })}
                getControlProps={(control) => ({ "aria-label": t(`page.${control}`) })}
              />
            </nav>
          ) : null}
        </>
      )}

      <LibraryTransferLinks />

      <Suspense fallback={null}>
        {dialog?.kind === "comments" ? <CommentsDialog bottle={dialog.bottle} onClose={close} /> : null}
        {dialog?.kind === "new" ? <NewBottleDialog onClose={close} /> : null}
        {dialog?.kind === "scan" ? <ScanBarcodeDialog onClose={close} /> : null}
        {dialog?.kind === "comment" ? (
          <CommentForm
            bottleId={dialog.bottle.id}
            dialog={{ title: t("addCommentTitle", { name: dialog.bottle.name }), onClose: close }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
