import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { FlightPour, MeetingNight } from "@club/shared";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyMessage, LoadError, PageLoader } from "../../components/status";
import { failureMessage } from "../../lib/failure";
import { notify } from "../../lib/notify";
import { formatAbv, today } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { RemoveBottleButton } from "../MeetingDetails/RemoveBottleButton";
import classes from "./MeetingNight.module.css";
import { useT } from "../../lib/i18n";
import { nightMessages } from "./nightMessages";

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

function PourRow({
  pour,
  night,
  isMember,
  scores,
}: {
  pour: FlightPour;
  night: MeetingNight;
  isMember: boolean;
  /** How many tasters scored it. */
  scores: number;
}) {
  const t = useT(nightMessages);
  const reveal = trpc.night.reveal.useMutation();
  const hide = trpc.night.hide.useMutation({
    onError: (error) => notify(failureMessage(error, t("flight.hideFailed")), "red"),
  });
  const hidden = night.blind && !pour.revealed;
  return (
    <Card component="li" withBorder padding="sm" aria-label={pour.label}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <PourName pour={pour} />
          <Text size="sm" c="dimmed">
            {t("pourMl", { ml: pour.pourMl })}
            {pour.bottle ? ` · ${formatAbv(pour.bottle.abv)}` : ""}
            {hidden && !pour.bottle ? t("flight.hiddenUntil") : ""}
          </Text>
          {hidden && pour.bottle ? (
            <Badge variant="light" color="gray" radius="sm">
              {t("flight.hiddenFromMembers")}
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
              aria-label={t("flight.revealPour", { pour: pour.label })}
            >
              {t("flight.reveal")}
            </Button>
          ) : null}
          {/* A reveal tapped by mistake is taken back beside it. */}
          {night.isHost && night.blind && pour.revealed ? (
            <Button
              size="md"
              variant="subtle"
              loading={hide.isPending}
              onClick={() => hide.mutate({ id: night.id, pour: pour.pour })}
              aria-label={t("flight.hidePour", { pour: pour.label })}
            >
              {t("flight.hide")}
            </Button>
          ) : null}
          {isMember ? (
            <Button
              size="md"
              component={Link}
              to={scorePath(night.id, pour.pour)}
              aria-label={t("guest.score", { pour: pour.label })}
            >
              {t("flight.score")}
            </Button>
          ) : null}
          {/* A member may take a bottle out of the line-up, except a blind night's (its host's). */}
          {isMember && pour.bottle && (!night.blind || night.isHost) ? (
            <RemoveBottleButton
              meetingId={night.id}
              bottle={pour.bottle}
              label={pour.label}
              scores={scores}
            />
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}

/**
 * The meeting's one list of bottles: its flight, pour by pour ("Dram 1"... while blind),
 * under the floor's heading "Bottles Sampled", with Score and, for the host, Reveal. A meeting still
 * ahead with nothing poured yet says the bottles will be listed once they are added.
 */
export function FlightSection({
  night,
  date,
  isMember,
  actions,
}: {
  night: MeetingNight;
  /** The meeting's date (YYYY-MM-DD...). */
  date: string;
  isMember: boolean;
  actions?: React.ReactNode;
}) {
  const flight = trpc.night.flight.useQuery({ id: night.id });
  const t = useT(nightMessages);
  // How many scored each pour: a scored pour asks before it is removed (members only).
  const results = trpc.night.results.useQuery({ id: night.id }, { enabled: isMember });
  const scoresOf = (pour: number) => results.data?.find((r) => r.pour === pour)?.count ?? 0;
  const [askingRevealAll, setAskingRevealAll] = useState(false);
  const revealAll = trpc.night.reveal.useMutation({ onSuccess: () => setAskingRevealAll(false) });
  const pours = flight.data ?? [];
  const hiddenLeft = night.blind && pours.some((p) => !p.revealed);
  const hiddenCount = pours.filter((p) => !p.revealed).length;
  const aheadWithoutBottles = flight.data !== undefined && pours.length === 0 && date.slice(0, 10) > today();
  const tools =
    actions || (night.isHost && hiddenLeft) ? (
      <Group gap="xs" mb="md">
        {actions}
        {night.isHost && hiddenLeft ? (
          <Button size="md" variant="light" onClick={() => setAskingRevealAll(true)}>
            {t("flight.revealAll")}
          </Button>
        ) : null}
        {askingRevealAll ? (
          <ConfirmDialog
            title={t("flight.revealAllTitle")}
            color="amber"
            confirmLabel={t("flight.revealAll")}
            onConfirm={() => revealAll.mutate({ id: night.id })}
            onClose={() => setAskingRevealAll(false)}
            pending={revealAll.isPending}
            error={revealAll.isError ? t("flight.revealFailed") : null}
            cause={revealAll.error}
          >
            {t("flight.revealAllBody", { count: hiddenCount })}
          </ConfirmDialog>
        ) : null}
      </Group>
    ) : null;

  if (aheadWithoutBottles) {
    return (
      <section aria-label={t("flight.bottles")}>
        {night.blind ? (
          <Badge variant="light" radius="sm" mb="xs">
            {t("flight.blind")}
          </Badge>
        ) : null}
        <Text c="dimmed" mb={tools ? "sm" : 0}>
          {t("flight.ahead")}
        </Text>
        {tools}
      </section>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="bottles-sampled-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={2} fz="h3" id="bottles-sampled-title">
            {t("flight.title")}
          </Title>
          {flight.data ? (
            <Badge
              variant="light"
              size="lg"
              radius="sm"
              aria-label={t("flight.count", { count: pours.length })}
            >
              {pours.length}
            </Badge>
          ) : null}
          {night.blind ? (
            <Badge variant="light" radius="sm">
              {t("flight.blind")}
            </Badge>
          ) : null}
          {!night.scoringOpen ? (
            <Badge variant="light" color="gray" radius="sm">
              {t("flight.closed")}
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={resultsPath(night.id)} fw={600} className={classes.tapLink}>
          {t("nav.results")}
        </Anchor>
      </Group>
      {tools}
      {flight.isError ? <LoadError message={t("flight.failed")} /> : null}
      {flight.isPending ? <PageLoader py={16} /> : null}
      {flight.data && pours.length === 0 ? <EmptyMessage>{t("flight.empty")}</EmptyMessage> : null}
      <Stack gap="xs" component="ol" p={0} m={0} className={classes.plainList}>
        {pours.map((pour) => (
          <PourRow
            key={pour.pour}
            pour={pour}
            night={night}
            isMember={isMember}
            scores={scoresOf(pour.pour)}
          />
        ))}
      </Stack>
    </Card>
  );
}
