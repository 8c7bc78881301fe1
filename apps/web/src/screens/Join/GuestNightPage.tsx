import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/react-query";
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { type PourResult } from "@club/shared";
import { ErrorAlert, LoadError, PageLoader } from "../../components/status";
import { httpStatusOf } from "../../lib/errors";
import { createQueryClient } from "../../lib/queryClient";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { LiveBadge } from "../MeetingNight/MeetingNight";
import { ScoreSheet } from "../MeetingNight/ScorePage";
import { draftFrom } from "../MeetingNight/scoreDraft";
import { PhaseBanner } from "../MeetingNight/PhaseBar";
import { useMeetingEvents } from "../MeetingNight/useMeetingEvents";
import { figure, resultsWait } from "../MeetingNight/resultsView";
import { forgetGuestPass, readGuestPass, type StoredGuestPass } from "./guestPass";
import classes from "./GuestNightPage.module.css";
import { useIdParam } from "../../lib/routeParams";
import { withBase } from "../../lib/basePath";
import { useT } from "../../lib/i18n";
import { nightMessages, nightText } from "../MeetingNight/nightMessages";
import { pourTitle } from "../MeetingNight/resultsView";

/** A tRPC client that sends the guest pass, and only to the night's calls. */
function guestClient(guestToken: string) {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({
          url: withBase("/trpc"),
          connectionParams: () => ({ token: guestToken }),
        }),
        false: httpBatchLink({
          url: withBase("/trpc"),
          headers: () => ({ Authorization: `Bearer ${guestToken}` }),
        }),
      }),
    ],
  });
}

/**
 * /guest/:meetingId: a guest's night on their own phone, with the guest pass from /join.
 * Their own client and query cache: nothing of a member's session is used or touched. The host's
 * pour and phase on top; the flight as members see it (blind pours as "Dram N"); the score form
 * opening on the current pour; the room's results, live.
 */
export default function GuestNightPage() {
  const id = useIdParam("meetingId");
  const pass = id === null ? null : readGuestPass(id);
  const token = pass?.guestToken;
  const client = useMemo(() => (token ? guestClient(token) : null), [token]);
  const [queryClient] = useState(createQueryClient);
  const t = useT(nightMessages);
  useTitle(t("guest.title"));
  if (!pass || !client || id === null)
    return (
      <Stack p="md" gap="sm">
        <Title order={1} size="h2">
          {t("join.title")}
        </Title>
        <Text>{t("guest.noPass")}</Text>
        <Anchor component={Link} to="/join">
          {t("guest.enterCode")}
        </Anchor>
      </Stack>
    );
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <GuestNight id={id} pass={pass} />
      </QueryClientProvider>
    </trpc.Provider>
  );
}

function GuestNight({ id, pass }: { id: number; pass: StoredGuestPass }) {
  const { live } = useMeetingEvents(id);
  const night = trpc.night.get.useQuery({ id });
  const flight = trpc.night.flight.useQuery({ id });
  const mine = trpc.night.myScores.useQuery({ id });
  const results = trpc.night.results.useQuery({ id });
  const [chosen, setChosen] = useState<number | null>(null);
  const t = useT(nightMessages);
  if (night.isPending || flight.isPending) return <PageLoader />;
  // The night and its flight are public reads: a pass the server no longer takes (its 48 hours
  // ran out, or the host removed the guest) still reads them as a visitor. The guest's own scores
  // are not public: their refusal is what says the pass has ended.
  const refused = [night.error, flight.error, mine.error].some((e) =>
    [401, 403].includes(httpStatusOf(e) ?? 0),
  );
  if (refused) return <PassEnded id={id} />;
  if (night.isError || flight.isError) return <LoadError message={t("loadFailed")} />;
  const current = chosen ?? night.data.phase?.pour ?? 1;
  const pour = flight.data.find((p) => p.pour === current) ?? flight.data[0];
  return (
    <Stack gap="md" p="md" className={classes.page}>
      {/* Above the heading, as on the meeting's page: beside it, it squeezed the name into a column. */}
      <LiveBadge live={live} />
      <Title order={1} size="h3">
        {t("guest.heading", { name: pass.firstName })}
      </Title>
      <PhaseBanner phase={night.data.phase} />
      <Group gap="xs" role="tablist" aria-label={t("guest.pours")}>
        {flight.data.map((p) => (
          <Button
            key={p.pour}
            role="tab"
            aria-selected={p.pour === pour?.pour}
            variant={p.pour === pour?.pour ? "filled" : "default"}
            onClick={() => setChosen(p.pour)}
          >
            {p.label}
            {mine.data?.some((s) => s.pour === p.pour) ? t("guest.scoredMark") : ""}
          </Button>
        ))}
      </Group>
      {pour && mine.data ? (
        // The score screen every taster has (a member's too): no score until one is given, saved as they go.
        <Card withBorder padding="md" component="section" aria-label={t("guest.score", { pour: pour.label })}>
          <Title order={2} size="h4" mb="sm">
            {pourTitle(pour)}
          </Title>
          <ScoreSheet
            key={pour.pour}
            night={night.data}
            pour={pour}
            initial={draftFrom(mine.data.find((s) => s.pour === pour.pour))}
            scored={mine.data.some((s) => s.pour === pour.pour)}
          />
        </Card>
      ) : pour ? (
        <PageLoader />
      ) : (
        <Text c="dimmed">{t("guest.noFlight")}</Text>
      )}
      <Title order={2} size="h4">
        {t("guest.results")}
      </Title>
      {results.data?.map((r) => (
        <ResultLine key={r.pour} result={r} />
      ))}
    </Stack>
  );
}

function ResultLine({ result }: { result: PourResult }) {
  return (
    <Group justify="space-between" wrap="nowrap" className={classes.result} data-testid="guest-result">
      <Text>{pourTitle(result)}</Text>
      <Text fw={700}>{resultWords(result)}</Text>
    </Group>
  );
}

/** A guest pass the server no longer takes: what is left to see is the night's results. */
function PassEnded({ id }: { id: number }) {
  // The pass is no good any more: the join page asks for a name again rather than resuming it.
  useEffect(() => forgetGuestPass(), []);
  const t = useT(nightMessages);
  return (
    <Stack p="md" gap="sm">
      <ErrorAlert message={t("guest.ended")} />
      <Anchor component={Link} to={`/meeting/${id}/results`}>
        {t("guest.seeResults")}
      </Anchor>
    </Stack>
  );
}

/**
 * A pour's line in the room's results: "No scores yet", the average and how many scored it, or,
 * until its results show, how many scored it and when the rest shows.
 */
function resultWords(result: PourResult): string {
  const { average, count } = result;
  if (count === 0) return nightText("guest.noScores");
  const scores = nightText("scores", { count });
  return result.shown ? `${figure(average)} · ${scores}` : `${scores} · ${resultsWait(result)}`;
}
