import { Button, Card, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { FORMAT_LOCALES, type Notification } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { RequireMember } from "../../components/RequireMember";
import { ErrorAlert, Loaded } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { defineMessages, useLanguage, useT } from "../../lib/i18n";
import notifications from "../../locales/en/notifications.json";

/** The Notifications screen's texts: src/locales/<language>/notifications.json. */
const notificationsMessages = defineMessages("notifications", notifications);
import touch from "../../styles/touchTargets.module.css";
import hidden from "../../styles/visuallyHidden.module.css";

/** An unread notification's dot (hidden from screen readers, which read "(unread)"). */
const UNREAD_DOT = "●";

/** When a notification came, in the reader's language's date and time (the device's time zone). */
const when = (at: string, locale: string) =>
  new Date(at).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });

/** /notifications: the member's notifications, newest first; a tap opens one and marks it read. */
export default function NotificationsPage() {
  const t = useT(notificationsMessages);
  useTitle(t("title"));
  return (
    <RequireMember>
      <NotificationsScreen />
    </RequireMember>
  );
}

function NotificationsScreen() {
  const t = useT(notificationsMessages);
  const locale = FORMAT_LOCALES[useLanguage()];
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
        title={t("title")}
        subtitle={unread > 0 ? t("unread", { count: unread }) : undefined}
        actions={
          <Button
            variant="default"
            onClick={() => read.mutate({ all: true })}
            disabled={unread === 0}
            loading={read.isPending}
          >
            {t("markAll")}
          </Button>
        }
      />
      {read.isError ? <ErrorAlert message={t("markFailed")} /> : null}
      <Loaded query={list} failed={t("failed")} empty={t("empty")}>
        {(items) => (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {items.map((n) => (
              <li key={n.id}>
                <Card withBorder padding={0} data-unread={n.read ? undefined : ""}>
                  <UnstyledButton onClick={() => open(n)} p="md" w="100%" style={{ minHeight: 44 }}>
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Text component="span" c="amber" fw={700} aria-hidden="true" w={12}>
                        {n.read ? "" : UNREAD_DOT}
                      </Text>
                      <Stack gap={2}>
                        <Text fw={n.read ? 400 : 700}>
                          {n.text}
                          {n.read ? null : <span className={hidden.visuallyHidden}>{t("unreadMark")}</span>}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {when(n.at, locale)}
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
