import { lazy, Suspense, useState } from "react";
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { useSession } from "../../lib/appSession";
import { trpc } from "../../lib/trpc";
import { LoadError, PageLoader } from "../../components/status";
import { FlightSection } from "./FlightSection";
import { RsvpSection } from "./RsvpSection";
import { useMeetingEvents } from "./useMeetingEvents";
import { PhaseBanner, PhaseControls } from "./PhaseBar";
import "./nightStyles";
import classes from "./MeetingNight.module.css";
import { useT } from "../../lib/i18n";
import { nightMessages } from "./nightMessages";

const NightSettingsDialog = lazy(() => import("./NightSettingsDialog"));
const FlightEditorDialog = lazy(() => import("./FlightEditorDialog"));
const GuestInviteDialog = lazy(() => import("./GuestInviteDialog"));

/** "Live" while the meeting's stream is up: changes by others appear without a reload. */
export function LiveBadge({ live }: { live: boolean }) {
  const t = useT(nightMessages);
  return (
    <Text size="xs" c="dimmed" className={classes.live} data-live={live || undefined} aria-live="polite">
      {live ? t("live") : t("reconnecting")}
    </Text>
  );
}

/** The top of a night's screen (score, results): back to the meeting, and whether it is live. */
export function NightTopBar({ meetingId, live }: { meetingId: number | string; live: boolean }) {
  const t = useT(nightMessages);
  return (
    <Group justify="space-between" mb="xs">
      <Anchor component={Link} to={`/monthlymeeting/${meetingId}`} size="sm">
        {t("backToMeeting")}
      </Anchor>
      <LiveBadge live={live} />
    </Group>
  );
}

/**
 * The meeting night on the meeting's page: its bottles (the flight, the meeting's one list) with
 * Score and Results, RSVP and who is coming, and for the host the night settings, the flight
 * editor and the reveal buttons.
 */
export default function MeetingNight({ meetingId, date }: { meetingId: number; date: string }) {
  const isMember = useSession() !== null;
  const { live } = useMeetingEvents(meetingId);
  const night = trpc.night.get.useQuery({ id: meetingId });
  const flight = trpc.night.flight.useQuery({ id: meetingId });
  const [dialog, setDialog] = useState<"settings" | "flight" | "guests" | null>(null);
  const close = () => setDialog(null);
  const t = useT(nightMessages);

  if (night.isPending) return <PageLoader />;
  if (night.isError) return <LoadError message={t("nightFailed")} />;
  const data = night.data;

  return (
    <Stack gap="lg" mt="xl">
      <LiveBadge live={live} />
      <PhaseBanner phase={data.phase} />
      {data.isHost ? <PhaseControls night={data} pours={flight.data?.map((p) => p.pour) ?? []} /> : null}
      <FlightSection
        night={data}
        date={date}
        isMember={isMember}
        actions={
          data.isHost ? (
            <>
              <Button size="md" variant="default" onClick={() => setDialog("settings")}>
                {t("host.settings")}
              </Button>
              <Button size="md" variant="default" onClick={() => setDialog("flight")} disabled={!flight.data}>
                {t("host.flight")}
              </Button>
              <Button size="md" variant="default" onClick={() => setDialog("guests")}>
                {t("host.guests")}
              </Button>
            </>
          ) : null
        }
      />
      {isMember ? (
        <Group gap="xs">
          <Button size="md" variant="default" component={Link} to={`/meeting/${meetingId}/print/tasting`}>
            {t("print.tasting")}
          </Button>
          <Button size="md" variant="default" component={Link} to={`/meeting/${meetingId}/print/results`}>
            {t("print.results")}
          </Button>
        </Group>
      ) : null}
      <RsvpSection night={data} isMember={isMember} />
      <Suspense fallback={null}>
        {dialog === "settings" ? <NightSettingsDialog night={data} onClose={close} /> : null}
        {dialog === "guests" ? <GuestInviteDialog night={data} onClose={close} /> : null}
        {dialog === "flight" && flight.data ? (
          <FlightEditorDialog id={meetingId} flight={flight.data} onClose={close} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
