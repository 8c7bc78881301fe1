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
import { useT } from "../../lib/i18n";
import { themeMessages, type ThemeKey } from "./themeMessages";

const AddThemeDialog = lazy(() => import("./AddThemeDialog"));
const RenameThemeDialog = lazy(() => import("./RenameThemeDialog"));
const DeleteThemeDialog = lazy(() => import("./DeleteThemeDialog"));

const columnsOf = (t: (key: ThemeKey) => string): Column<ThemeListItem>[] => [
  {
    header: t("col.name"),
    cell: (theme) => (
      <Text fw={600} span fz="inherit">
        {theme.name}
      </Text>
    ),
  },
  {
    header: t("col.lastUsed"),
    cell: (theme) =>
      isNeverUsed(theme.lastDate) ? (
        <Badge variant="light" color="gray" radius="sm">
          {t("never")}
        </Badge>
      ) : (
        <time dateTime={datePart(theme.lastDate)}>{formatDate(theme.lastDate)}</time>
      ),
  },
];

export default function ThemeIdeasPage() {
  const t = useT(themeMessages);
  useTitle(t("title"));
  const { isMember } = usePermissions();
  const [adding, setAdding] = useState(false);
  const dialog = useOpenRow("theme", { rename: RenameThemeDialog, delete: DeleteThemeDialog });
  const themes = trpc.themes.list.useQuery();
  const columns = [
    ...columnsOf(t),
    ...useCorrectionsColumn(
      themes.data ?? [],
      (theme) => theme.createdBy,
      (theme) => ({
        edit: {
          label: t("renameLabel", { name: theme.name }),
          title: t("rename"),
          onClick: () => dialog.open("rename", theme),
        },
        remove: {
          label: t("deleteLabel", { name: theme.name }),
          title: t("delete"),
          onClick: () => dialog.open("delete", theme),
        },
      }),
    ),
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          isMember ? (
            <Button h={40} leftSection={<PlusIcon />} onClick={() => setAdding(true)}>
              {t("add")}
            </Button>
          ) : null
        }
      />

      <Loaded query={themes} failed={Messages.fetchThemes} empty={t("empty")}>
        {(list) => (
          <DataTable label={t("title")} minWidth={420}>
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
