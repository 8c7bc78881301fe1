import { lazy, Suspense, useState } from "react";
import { Badge, Button, Text } from "@mantine/core";
import { Messages } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { PlusIcon } from "../../components/icons";
import { EmptyMessage, ErrorAlert, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { datePart, formatDate, isNeverUsed } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";

const AddThemeDialog = lazy(() => import("./AddThemeDialog"));

export default function ThemeIdeasPage() {
  useTitle("Monthly Themes");
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const themes = trpc.themes.list.useQuery();

  return (
    <>
      <PageHeader
        title="Monthly Themes"
        subtitle="Ideas for upcoming tastings, and when we last poured each one."
        actions={
          session ? (
            <Button leftSection={<PlusIcon />} onClick={() => setAdding(true)}>
              Add New Theme
            </Button>
          ) : null
        }
      />

      {themes.isPending ? (
        <PageLoader />
      ) : themes.isError ? (
        <ErrorAlert message={Messages.fetchThemes} />
      ) : themes.data.length === 0 ? (
        <EmptyMessage>No themes yet.</EmptyMessage>
      ) : (
        <DataTable label="Monthly Themes" minWidth={420}>
          <thead>
            <tr>
              <th>Theme Name</th>
              <th>Last Used</th>
            </tr>
          </thead>
          <tbody>
            {themes.data.map((theme) => (
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
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}

      {adding ? (
        <Suspense fallback={null}>
          <AddThemeDialog onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
