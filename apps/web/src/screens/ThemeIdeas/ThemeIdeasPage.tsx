import { lazy, Suspense, useState } from "react";
import { Badge, Button, Group, Text } from "@mantine/core";
import { Messages, type ThemeListItem } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { EditDeleteActions } from "../../components/EditDeleteActions";
import { PlusIcon } from "../../components/icons";
import { Loaded } from "../../components/status";
import { datePart, formatDate, isNeverUsed } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";

const AddThemeDialog = lazy(() => import("./AddThemeDialog"));
const RenameThemeDialog = lazy(() => import("./RenameThemeDialog"));
const DeleteThemeDialog = lazy(() => import("./DeleteThemeDialog"));

type Dialog = { kind: "add" } | { kind: "rename" | "delete"; theme: ThemeListItem } | null;

/** Rename and Delete, for the theme's creator and admins. */
function ThemeActions({ theme, open }: { theme: ThemeListItem; open: (dialog: Dialog) => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <EditDeleteActions
        edit={{
          label: `Rename ${theme.name}`,
          title: "Rename",
          onClick: () => open({ kind: "rename", theme }),
        }}
        remove={{
          label: `Delete ${theme.name}`,
          title: "Delete",
          onClick: () => open({ kind: "delete", theme }),
        }}
      />
    </Group>
  );
}

export default function ThemeIdeasPage() {
  useTitle("Monthly Themes");
  const { isMember, mayCorrect } = usePermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const themes = trpc.themes.list.useQuery();
  const withActions = (themes.data ?? []).some((theme) => mayCorrect(theme.createdBy));

  return (
    <>
      <PageHeader
        title="Monthly Themes"
        subtitle="Ideas for upcoming tastings, and when we last poured each one."
        actions={
          isMember ? (
            <Button h={40} leftSection={<PlusIcon />} onClick={() => setDialog({ kind: "add" })}>
              Add New Theme
            </Button>
          ) : null
        }
      />

      <Loaded query={themes} failed={Messages.fetchThemes} empty="No themes yet.">
        {(list) => (
          <DataTable label="Monthly Themes" minWidth={420}>
            <thead>
              <tr>
                <th>Theme Name</th>
                <th>Last Used</th>
                {withActions ? <th>Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((theme) => (
                <tr key={theme.id}>
                  <td>
                    <Text fw={600} span fz="inherit">
                      {theme.name}
                    </Text>
                  </td>
                  <td>
                    {isNeverUsed(theme.lastDate) ? (
                      <Badge variant="light" color="gray" radius="sm">
                        Never
                      </Badge>
                    ) : (
                      <time dateTime={datePart(theme.lastDate)}>{formatDate(theme.lastDate)}</time>
                    )}
                  </td>
                  {withActions ? (
                    <td>
                      {mayCorrect(theme.createdBy) ? <ThemeActions theme={theme} open={setDialog} /> : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Loaded>

      <Suspense fallback={null}>
        {dialog?.kind === "add" ? (
          <AddThemeDialog onClose={close} />
        ) : dialog?.kind === "rename" ? (
          <RenameThemeDialog theme={dialog.theme} onClose={close} />
        ) : dialog?.kind === "delete" ? (
          <DeleteThemeDialog theme={dialog.theme} onClose={close} />
        ) : null}
      </Suspense>
    </>
  );
}
