import { lazy, Suspense, useState } from "react";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { trpc } from "../../lib/trpc";
import { appLocale } from "../../lib/locale";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "./meetingMessages";

const WriteMessageDialog = lazy(() => import("./WriteMessageDialog"));

const when = (at: string) =>
  new Date(at).toLocaleString(appLocale(), { dateStyle: "medium", timeStyle: "short" });

/** What the host wrote to the club about this meeting, kept here; the host writes from here. */
export default function MessagesSection({ meetingId, isHost }: { meetingId: number; isHost: boolean }) {
  const t = useT(meetingMessages);
  const messages = trpc.messages.list.useQuery({ id: meetingId });
  const [writing, setWriting] = useState(false);
  const list = messages.data ?? [];
  if (!isHost && list.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="messages-title" mb="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="messages-title">
            {t("messages.title")}
          </Title>
          {isHost ? (
            <Button size="md" variant="default" onClick={() => setWriting(true)}>
              {t("messages.write")}
            </Button>
          ) : null}
        </Group>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("messages.none")}
          </Text>
        ) : (
          list.map((m) => (
            <article key={m.id} aria-label={m.subject}>
              <Text fw={700}>{m.subject}</Text>
              <Text size="sm" c="dimmed">
                {t("messages.byline", { by: m.by ?? t("messages.formerMember"), to: m.to, at: when(m.at) })}
              </Text>
              <Text mt={4} style={{ whiteSpace: "pre-wrap" }}>
                {m.text}
              </Text>
            </article>
          ))
        )}
      </Stack>
      <Suspense fallback={null}>
        {writing ? <WriteMessageDialog meetingId={meetingId} onClose={() => setWriting(false)} /> : null}
      </Suspense>
    </Card>
  );
}
