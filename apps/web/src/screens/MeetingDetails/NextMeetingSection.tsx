import { lazy, Suspense, useState } from "react";
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { ThemeVote } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";

const AddThemeDialog = lazy(() => import("../ThemeIdeas/AddThemeDialog"));
const CloseVoteDialog = lazy(() => import("./CloseVoteDialog"));

const votesLabel = (n: number) => (n === 1 ? "1 vote" : `${n} votes`);

/** Who hosts the next meeting: the volunteers, and the member's own offer. */
function Volunteers({ meetingId }: { meetingId: number }) {
  const volunteers = trpc.planning.volunteers.useQuery({ id: meetingId });
  const offer = trpc.planning.volunteer.useMutation();
  const withdraw = trpc.planning.withdraw.useMutation();
  const failed = offer.error ?? withdraw.error;
  if (!volunteers.data) return null;
  const { volunteers: people, mine } = volunteers.data;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Host
      </Title>
      <Text size="sm" aria-live="polite">
        {people.length === 0
          ? "No one has volunteered to host yet."
          : `Volunteered to host: ${people.map((p) => p.name).join(", ")}`}
      </Text>
      <Group>
        {mine ? (
          <Button
            size="md"
            variant="default"
            loading={withdraw.isPending}
            onClick={() => withdraw.mutate({ id: meetingId })}
          >
            Take back my offer
          </Button>
        ) : (
          <Button size="md" loading={offer.isPending} onClick={() => offer.mutate({ id: meetingId })}>
            Volunteer to host
          </Button>
        )}
      </Group>
      {failed ? <ErrorAlert message={failed.message || "Failed to save your offer."} /> : null}
    </Stack>
  );
}

/** The theme ideas with their votes; the member's vote, and a new idea to vote for. */
function ThemeChoice({ meetingId, vote }: { meetingId: number; vote: ThemeVote }) {
  const cast = trpc.planning.vote.useMutation();
  const [adding, setAdding] = useState(false);
  const myVote = cast.isPending ? cast.variables.themeId : vote.myVote;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Theme
      </Title>
      {vote.options.length === 0 ? (
        <Text size="sm" c="dimmed">
          There are no theme ideas yet: add one.
        </Text>
      ) : (
        <ul aria-label="Theme ideas" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {vote.options.map((option) => (
            <li key={option.themeId}>
              <Group justify="space-between" wrap="nowrap" py={6} gap="xs">
                <div>
                  <Text fw={600}>{option.name}</Text>
                  <Text size="sm" c="dimmed">
                    {votesLabel(option.votes)}
                  </Text>
                </div>
                {myVote === option.themeId ? (
                  <Badge size="lg" variant="light">
                    Your vote
                  </Badge>
                ) : (
                  <Button
                    size="md"
                    variant="default"
                    aria-label={`Vote for ${option.name}`}
                    onClick={() => cast.mutate({ id: meetingId, themeId: option.themeId })}
                  >
                    Vote
                  </Button>
                )}
              </Group>
            </li>
          ))}
        </ul>
      )}
      <Group>
        <Button size="md" variant="default" onClick={() => setAdding(true)}>
          Add a theme idea
        </Button>
      </Group>
      {cast.isError ? <ErrorAlert message={cast.error.message || "Failed to save your vote."} /> : null}
      <Suspense fallback={null}>
        {adding ? <AddThemeDialog onClose={() => setAdding(false)} /> : null}
      </Suspense>
    </Stack>
  );
}

/** Once the vote is closed: the meeting it made. */
function NextMeetingMade({ id }: { id: number }) {
  const next = trpc.meetings.byId.useQuery({ id });
  if (!next.data) return null;
  return (
    <Text>
      The next meeting is made:{" "}
      <Anchor component={Link} to={`/monthlymeeting/${id}`}>
        {formatLongDate(next.data.date)}, {next.data.theme.description}, hosted by {next.data.hostName}
      </Anchor>
    </Text>
  );
}

/**
 * Hosts and themes are chosen at the prior meeting: from the meeting's day members volunteer to
 * host the next one and vote among the theme ideas; whoever runs the night closes the vote.
 */
export default function NextMeetingSection({ meetingId, isHost }: { meetingId: number; isHost: boolean }) {
  const vote = trpc.planning.themeVote.useQuery({ id: meetingId });
  const [closing, setClosing] = useState(false);
  if (!vote.data) return null;
  const { open, nextMeetingId } = vote.data;
  if (!open && nextMeetingId === null) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="next-meeting-title" mt="xl">
      <Stack gap="md">
        <Title order={2} size="h4" id="next-meeting-title">
          The next meeting
        </Title>
        {nextMeetingId !== null ? (
          <NextMeetingMade id={nextMeetingId} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Hosting is voluntary: offer to host, and vote for the next theme.
            </Text>
            <Volunteers meetingId={meetingId} />
            <ThemeChoice meetingId={meetingId} vote={vote.data} />
            {isHost ? (
              <Group>
                <Button size="md" onClick={() => setClosing(true)}>
                  Close the vote
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
      <Suspense fallback={null}>
        {closing ? (
          <CloseVoteDialog meetingId={meetingId} vote={vote.data} onClose={() => setClosing(false)} />
        ) : null}
      </Suspense>
    </Card>
  );
}
