import { Button, Card, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import type { Notification } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { RequireMember } from "../../components/RequireMember";
import { useTitle } from "../../lib/useTitle";
import { ErrorAlert, Loaded } from "../../components/status";
import { trpc } from "../../lib/trpc";
import touch from "../../styles/touchTargets.module.css";
import hidden from "../../styles/visuallyHidden.module.css";

const when = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** /notifications: the member's notifications, newest first; a tap opens one and marks it read. */
export default function NotificationsPage() {
  useTitle("Notifications");
  return (
    <RequireMember>
      <NotificationsScreen />
    </RequireMember>
  );
}

function NotificationsScreen() {
  const navigate = useNavigate();
  const list = trpc.notifications.list.useQuery(undefined, { refetchOnWindowFocus: "always" });
  const read = trpc.notifications.read.useMutation();
  const open = (n: Notification) => {
    if (!n.read) read.mutate({ ids: [n.id] });
    void navigate(n.link);
  };
  const unread = list.data?.filter((n) => !n.read).length ?? 0;
  return (
    <Stack gap="lg" className={touch.touch}>
      <PageHeader
        title="Notifications"
        subtitle={unread > 0 ? `${unread} unread` : undefined}
        actions={
          <Button
            variant="default"
            onClick={() => read.mutate({ all: true })}
            disabled={unread === 0}
            loading={read.isPending}
          >
            Mark all read
          </Button>
        }
      />
      {read.isError ? <ErrorAlert message="Failed to mark the notifications read." /> : null}
      <Loaded query={list} failed="Failed to fetch your notifications." empty="No notifications yet.">
        {(items) => (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {items.map((n) => (
              <li key={n.id}>
                <Card withBorder padding={0} data-unread={n.read ? undefined : ""}>
                  <UnstyledButton onClick={() => open(n)} p="md" w="100%" style={{ minHeight: 44 }}>
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Text component="span" c="amber" fw={700} aria-hidden="true" w={12}>
                        {n.read ? "" : "●"}
                      </Text>
                      <Stack gap={2}>
                        <Text fw={n.read ? 400 : 700}>
                          {n.text}
                          {n.read ? null : <span className={hidden.visuallyHidden}> (unread)</span>}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {when(n.at)}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </Card>
              </li>
            ))}
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
