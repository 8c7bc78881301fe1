import { lazy, Suspense, useMemo, useState } from "react";
import { Anchor, Button, Group, Text, TextInput, UnstyledButton } from "@mantine/core";
import { Link } from "react-router-dom";
import { Messages, type BottleListItem } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { CommentIcon, PlusIcon, SortIcon } from "../../components/icons";
import { EmptyMessage, ErrorAlert, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { formatAbv, orNA } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { CommentsDialog } from "./CommentsDialog";
import { DEFAULT_SORT, nextSort, sortBottles, type SortKey, type SortState } from "./sortBottles";
import classes from "./LibraryBottles.module.css";

const NewBottleDialog = lazy(() => import("./NewBottleDialog"));
const AddCommentDialog = lazy(() => import("./AddCommentDialog"));

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "brand", label: "Brand" },
  { key: "drinkType", label: "Type" },
  { key: "country", label: "Country" },
  { key: "state", label: "State" },
  { key: "abv", label: "ABV" },
];

type Dialog =
  | { kind: "new" }
  | { kind: "comments"; bottle: BottleListItem }
  | { kind: "comment"; bottle: BottleListItem }
  | null;

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

export default function LibraryBottlesPage() {
  useTitle("Library Bottles");
  const session = useSession();
  const bottles = trpc.bottles.list.useQuery();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [search, setSearch] = useState("");
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const rows = useMemo(() => {
    const query = search.trim().toLowerCase();
    const all = bottles.data ?? [];
    const filtered = query
      ? all.filter((b) =>
          [b.name, b.brand, b.drinkType, b.country, b.state].some((v) => v?.toLowerCase().includes(query)),
        )
      : all;
    return sortBottles(filtered, sort);
  }, [bottles.data, search, sort]);

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

      {bottles.isPending ? (
        <PageLoader />
      ) : bottles.isError ? (
        <ErrorAlert message={Messages.fetchBottleData} />
      ) : bottles.data.length === 0 ? (
        <EmptyMessage>{Messages.noBottles}</EmptyMessage>
      ) : (
        <>
          <Group justify="space-between" mb="md" gap="sm">
            <TextInput
              type="search"
              aria-label="Search bottles"
              placeholder="Search by name, brand, type or region"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: "100%", sm: 360 }}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {rows.length === bottles.data.length
                ? `${rows.length} bottles`
                : `${rows.length} of ${bottles.data.length} bottles`}
            </Text>
          </Group>
          <DataTable label="Library bottles" minWidth={session ? 1000 : 860} dense>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.key}
                    column={column}
                    sort={sort}
                    onSort={(key) => setSort((current) => nextSort(current, key))}
                  />
                ))}
                <th>
                  <span className={classes.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((bottle) => (
                <tr key={bottle.id}>
                  <td className={classes.nameCell}>
                    <Anchor component={Link} to={`/bottle/${bottle.id}`} fw={600}>
                      {bottle.name}
                    </Anchor>
                  </td>
                  <td>{orNA(bottle.brand)}</td>
                  <td>{orNA(bottle.drinkType)}</td>
                  <td>{orNA(bottle.country)}</td>
                  <td>{orNA(bottle.state)}</td>
                  <td className={classes.abv}>{formatAbv(bottle.abv)}</td>
                  <td>
                    <Group gap={6} wrap="nowrap" justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<CommentIcon size={14} />}
                        onClick={() => setDialog({ kind: "comments", bottle })}
                      >
                        View Comments
                      </Button>
                      {session ? (
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => setDialog({ kind: "comment", bottle })}
                        >
                          Add Comment
                        </Button>
                      ) : null}
                    </Group>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {rows.length === 0 ? <EmptyMessage>No bottles match your search.</EmptyMessage> : null}
        </>
      )}

      {dialog?.kind === "comments" ? <CommentsDialog bottle={dialog.bottle} onClose={close} /> : null}
      <Suspense fallback={null}>
        {dialog?.kind === "new" ? <NewBottleDialog onClose={close} /> : null}
        {dialog?.kind === "comment" ? <AddCommentDialog bottle={dialog.bottle} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
