import { lazy, Suspense, useState } from "react";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { trpc } from "../../lib/trpc";

const WriteMessageDialog = lazy(() => import("./WriteMessageDialog"));

const when = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** What the host wrote to the club about this meeting, kept here; the host writes from here. */
export default function MessagesSection({ meetingId, isHost }: { meetingId: number; isHost: boolean }) {
  const messages = trpc.messages.list.useQuery({ id: meetingId });
  const [writing, setWriting] = useState(false);
  const list = messages.data ?? [];
  if (!isHost && list.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="messages-title" mb="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="messages-title">
            Messages
          </Title>
          {isHost ? (
            <Button size="md" variant="default" onClick={() => setWriting(true)}>
              Write to the club
            </Button>
          ) : null}
        </Group>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No messages yet.
          </Text>
        ) : (
          list.map((m) => (
            <article key={m.id} aria-label={m.subject}>
              <Text fw={700}>{m.subject}</Text>
              <Text size="sm" c="dimmed">
                {m.by ?? "A former member"} to {m.to === "going" ? "everyone going" : "all members"},{" "}
                {when(m.at)}
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
