import { lazy, Suspense, useState } from "react";
import { Badge, Button, Text } from "@mantine/core";
import { Messages, type ThemeListItem } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { useCorrectionsColumn } from "../../components/EditDeleteActions";
import { TableColumns, type Column } from "../../components/TableColumns";
import { useOpenRow } from "../../components/useOpenRow";
import { PlusIcon } from "../../components/icons";
import { Loaded } from "../../components/status";
import { datePart, formatDate, isNeverUsed } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";

const AddThemeDialog = lazy(() => import("./AddThemeDialog"));
const RenameThemeDialog = lazy(() => import("./RenameThemeDialog"));
const DeleteThemeDialog = lazy(() => import("./DeleteThemeDialog"));

const COLUMNS: Column<ThemeListItem>[] = [
  {
    header: "Theme Name",
    cell: (theme) => (
      <Text fw={600} span fz="inherit">
        {theme.name}
      </Text>
    ),
  },
  {
    header: "Last Used",
    cell: (theme) =>
      isNeverUsed(theme.lastDate) ? (
        <Badge variant="light" color="gray" radius="sm">
          Never
        </Badge>
      ) : (
        <time dateTime={datePart(theme.lastDate)}>{formatDate(theme.lastDate)}</time>
      ),
  },
];

export default function ThemeIdeasPage() {
  useTitle("Monthly Themes");
  const { isMember } = usePermissions();
  const [adding, setAdding] = useState(false);
  const dialog = useOpenRow("theme", { rename: RenameThemeDialog, delete: DeleteThemeDialog });
  const themes = trpc.themes.list.useQuery();
  const columns = [
    ...COLUMNS,
    ...useCorrectionsColumn(
      themes.data ?? [],
      (theme) => theme.createdBy,
      (theme) => ({
        edit: { label: `Rename ${theme.name}`, title: "Rename", onClick: () => dialog.open("rename", theme) },
        remove: {
          label: `Delete ${theme.name}`,
          title: "Delete",
          onClick: () => dialog.open("delete", theme),
        },
      }),
    ),
  ];

  return (
    <>
      <PageHeader
        title="Monthly Themes"
        subtitle="Ideas for upcoming tastings, and when we last poured each one."
        actions={
          isMember ? (
            <Button h={40} leftSection={<PlusIcon />} onClick={() => setAdding(true)}>
              Add New Theme
            </Button>
          ) : null
        }
      />

      <Loaded query={themes} failed={Messages.fetchThemes} empty="No themes yet.">
        {(list) => (
          <DataTable label="Monthly Themes" minWidth={420}>
            <TableColumns columns={columns} rows={list} rowKey={(theme) => theme.id} />
          </DataTable>
        )}
      </Loaded>

      <Suspense fallback={null}>
        {adding ? <AddThemeDialog onClose={() => setAdding(false)} /> : null}
        {dialog.element}
      </Suspense>
    </>
  );
}
