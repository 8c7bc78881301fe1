import { lazy, Suspense, useState } from "react";
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { ThemeVote } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { appLocale } from "../../lib/locale";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "./meetingMessages";

const AddThemeDialog = lazy(() => import("../ThemeIdeas/AddThemeDialog"));
const CloseVoteDialog = lazy(() => import("./CloseVoteDialog"));

/** "Ann, Bo, Cy": the names as the language lists them briefly (in English a comma apart). */
const nameList = (names: string[]) =>
  new Intl.ListFormat(appLocale(), { type: "conjunction", style: "narrow" }).format(names);

/** Who hosts the next meeting: the volunteers, and the member's own offer. */
function Volunteers({ meetingId }: { meetingId: number }) {
  const t = useT(meetingMessages);
  const volunteers = trpc.planning.volunteers.useQuery({ id: meetingId });
  const offer = trpc.planning.volunteer.useMutation();
  const withdraw = trpc.planning.withdraw.useMutation();
  const failed = offer.error ?? withdraw.error;
  if (!volunteers.data) return null;
  const { volunteers: people, mine } = volunteers.data;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t("next.host")}
      </Title>
      <Text size="sm" aria-live="polite">
        {people.length === 0
          ? t("noVolunteers")
          : t("next.volunteered", { names: nameList(people.map((p) => p.name)) })}
      </Text>
      <Group>
        {mine ? (
          <Button
            size="md"
            variant="default"
            loading={withdraw.isPending}
            onClick={() => withdraw.mutate({ id: meetingId })}
          >
            {t("next.takeBack")}
          </Button>
        ) : (
          <Button size="md" loading={offer.isPending} onClick={() => offer.mutate({ id: meetingId })}>
            {t("next.volunteer")}
          </Button>
        )}
      </Group>
      {failed ? <ErrorAlert message={failed.message || t("next.offerFailed")} /> : null}
    </Stack>
  );
}

/** The theme ideas with their votes; the member's vote, and a new idea to vote for. */
function ThemeChoice({ meetingId, vote }: { meetingId: number; vote: ThemeVote }) {
  const t = useT(meetingMessages);
  const cast = trpc.planning.vote.useMutation();
  const [adding, setAdding] = useState(false);
  const myVote = cast.isPending ? cast.variables.themeId : vote.myVote;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t("next.theme")}
      </Title>
      {vote.options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("next.noIdeas")}
        </Text>
      ) : (
        <ul aria-label={t("next.ideas")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {vote.options.map((option) => (
            <li key={option.themeId}>
              <Group justify="space-between" wrap="nowrap" py={6} gap="xs">
                <div>
                  <Text fw={600}>{option.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t("next.votes", { count: option.votes })}
                  </Text>
                </div>
                {myVote === option.themeId ? (
                  <Badge size="lg" variant="light">
                    {t("next.yourVote")}
                  </Badge>
                ) : (
                  <Button
                    size="md"
                    variant="default"
                    aria-label={t("next.voteFor", { name: option.name })}
                    onClick={() => cast.mutate({ id: meetingId, themeId: option.themeId })}
                  >
                    {t("next.vote")}
                  </Button>
                )}
              </Group>
            </li>
          ))}
        </ul>
      )}
      <Group>
        <Button size="md" variant="default" onClick={() => setAdding(true)}>
          {t("next.addIdea")}
        </Button>
      </Group>
      {cast.isError ? <ErrorAlert message={cast.error.message || t("next.voteFailed")} /> : null}
      <Suspense fallback={null}>
        {adding ? <AddThemeDialog onClose={() => setAdding(false)} /> : null}
      </Suspense>
    </Stack>
  );
}

/** Once the vote is closed: the meeting it made. */
function NextMeetingMade({ id }: { id: number }) {
  const t = useT(meetingMessages);
  const next = trpc.meetings.byId.useQuery({ id });
  if (!next.data) return null;
  return (
    <Text>
      {t("next.made")}{" "}
      <Anchor component={Link} to={`/monthlymeeting/${id}`}>
        {t("next.madeMeeting", {
          date: formatLongDate(next.data.date),
          theme: next.data.theme.description,
          host: next.data.hostName,
        })}
      </Anchor>
    </Text>
  );
}

/**
 * Hosts and themes are chosen at the prior meeting: from the meeting's day members volunteer to
 * host the next one and vote among the theme ideas; whoever runs the night closes the vote.
 */
export default function NextMeetingSection({ meetingId, isHost }: { meetingId: number; isHost: boolean }) {
  const t = useT(meetingMessages);
  const vote = trpc.planning.themeVote.useQuery({ id: meetingId });
  const [closing, setClosing] = useState(false);
  if (!vote.data) return null;
  const { open, nextMeetingId } = vote.data;
  if (!open && nextMeetingId === null) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="next-meeting-title" mt="xl">
      <Stack gap="md">
        <Title order={2} size="h4" id="next-meeting-title">
          {t("next.title")}
        </Title>
        {nextMeetingId !== null ? (
          <NextMeetingMade id={nextMeetingId} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t("next.intro")}
            </Text>
            <Volunteers meetingId={meetingId} />
            <ThemeChoice meetingId={meetingId} vote={vote.data} />
            {isHost ? (
              <Group>
                <Button size="md" onClick={() => setClosing(true)}>
                  {t("next.close")}
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
