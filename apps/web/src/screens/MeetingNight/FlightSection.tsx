import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { FlightPour, MeetingNight } from "@club/shared";
import { EmptyMessage, ErrorAlert } from "../../components/status";
import { formatAbv } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import classes from "./MeetingNight.module.css";

export const scorePath = (id: number, pour: number) => `/meeting/${id}/score/${pour}`;
export const resultsPath = (id: number) => `/meeting/${id}/results`;

/** What a pour shows: its bottle, or only "Dram N" while blind. */
export function PourName({ pour }: { pour: FlightPour }) {
  if (!pour.bottle) return <Text fw={600}>{pour.label}</Text>;
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {pour.label}
      </Text>
      <Anchor component={Link} to={`/bottle/${pour.bottle.id}`} fw={600} className={classes.nameLink}>
        {pour.bottle.name}
      </Anchor>
    </div>
  );
}

function PourRow({ pour, night, isMember }: { pour: FlightPour; night: MeetingNight; isMember: boolean }) {
  const utils = trpc.useUtils();
  const reveal = trpc.night.reveal.useMutation({
    onSuccess: () => utils.night.flight.invalidate({ id: night.id }),
  });
  const hidden = night.blind && !pour.revealed;
  return (
    <Card component="li" withBorder padding="sm" aria-label={pour.label}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <PourName pour={pour} />
          <Text size="sm" c="dimmed">
            {pour.pourMl} ml
            {pour.bottle ? ` · ${formatAbv(pour.bottle.abv)}` : ""}
            {hidden && !pour.bottle ? " · hidden until the host reveals it" : ""}
          </Text>
          {hidden && pour.bottle ? (
            <Badge variant="light" color="gray" radius="sm">
              Hidden from members
            </Badge>
          ) : null}
        </Stack>
        <Group gap="xs">
          {night.isHost && hidden ? (
            <Button
              size="md"
              variant="light"
              loading={reveal.isPending}
              onClick={() => reveal.mutate({ id: night.id, pour: pour.pour })}
              aria-label={`Reveal ${pour.label}`}
            >
              Reveal
            </Button>
          ) : null}
          {isMember ? (
            <Button
              size="md"
              component={Link}
              to={scorePath(night.id, pour.pour)}
              aria-label={`Score ${pour.label}`}
            >
              Score
            </Button>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}

/** The line-up, pour by pour ("Dram 1"... while blind), with Score and, for the host, Reveal. */
export function FlightSection({
  night,
  isMember,
  actions,
}: {
  night: MeetingNight;
  isMember: boolean;
  actions?: React.ReactNode;
}) {
  const utils = trpc.useUtils();
  const flight = trpc.night.flight.useQuery({ id: night.id });
  const revealAll = trpc.night.reveal.useMutation({
    onSuccess: () => utils.night.flight.invalidate({ id: night.id }),
  });
  const pours = flight.data ?? [];
  const hiddenLeft = night.blind && pours.some((p) => !p.revealed);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="flight-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={2} fz="h3" id="flight-title">
            The flight
          </Title>
          {night.blind ? (
            <Badge variant="light" radius="sm">
              Blind
            </Badge>
          ) : null}
          {!night.scoringOpen ? (
            <Badge variant="light" color="gray" radius="sm">
              Scoring closed
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={resultsPath(night.id)} fw={600} className={classes.tapLink}>
          Results
        </Anchor>
      </Group>
      {actions || (night.isHost && hiddenLeft) ? (
        <Group gap="xs" mb="md">
          {actions}
          {night.isHost && hiddenLeft ? (
            <Button
              size="md"
              variant="light"
              loading={revealAll.isPending}
              onClick={() => revealAll.mutate({ id: night.id })}
            >
              Reveal all
            </Button>
          ) : null}
        </Group>
      ) : null}
      {flight.isError ? <ErrorAlert message="Failed to fetch the flight." /> : null}
      {revealAll.isError ? <ErrorAlert message={revealAll.error.message} /> : null}
      {flight.data && pours.length === 0 ? <EmptyMessage>No pours in the flight yet.</EmptyMessage> : null}
      <Stack gap="xs" component="ol" p={0} m={0} className={classes.plainList}>
        {pours.map((pour) => (
          <PourRow key={pour.pour} pour={pour} night={night} isMember={isMember} />
        ))}
      </Stack>
    </Card>
  );
}
