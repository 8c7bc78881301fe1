import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { SCORE_PARTS, trimmedInWords, type MyScore, type PourResult } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { EmptyMessage, LoadError, NotFound, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { downloadWithToken } from "../../lib/authDownload";
import { isNotFound } from "../../lib/errors";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useIdParam } from "../../lib/routeParams";
import { useTitle } from "../../lib/useTitle";
import { NightTopBar } from "./MeetingNight";
import { PartsChart, RankingChart } from "./ResultsCharts";
import {
  partLabel,
  consensusInWords,
  figure,
  pourTitle,
  ranking,
  rankingWait,
  resultsWait,
  tagsInWords,
  versusClub,
} from "./resultsView";
import { fullName } from "./rsvpSummary";
import { useMeetingEvents } from "./useMeetingEvents";
import classes from "./ResultsPage.module.css";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.stat}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Guesses({ guesses }: { guesses: NonNullable<PourResult["guesses"]> }) {
  const names = (list: { firstName: string; lastName: string }[]) =>
    list.length === 0 ? "nobody" : list.map(fullName).join(", ");
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6} mb={4}>
        Guesses
      </Text>
      <Text size="sm">
        Closest ABV:{" "}
        {guesses.closestAbv.length === 0
          ? "nobody guessed"
          : guesses.closestAbv.map((g) => `${fullName(g)} (${g.guess}%, off by ${g.off})`).join(", ")}
      </Text>
      <Text size="sm">Right type: {names(guesses.rightType)}</Text>
      <Text size="sm">Right state: {names(guesses.rightRegion)}</Text>
    </div>
  );
}

const Heading = ({ children }: { children: string }) => (
  <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6} mb={4}>
    {children}
  </Text>
);

/** What the room tasted: the flavour profile most tasters agreed on, every tag counted, the notes. */
function Palate({ result }: { result: PourResult }) {
  return (
    <div className={classes.guesses} aria-label={`${result.label}: the room's palate`} role="group">
      <Heading>Flavour profile</Heading>
      <Text size="sm">
        Consensus: <strong>{consensusInWords(result.consensus)}</strong>
      </Text>
      <Text size="sm" c="dimmed">
        Tags: {tagsInWords(result.tags)}
      </Text>
      {result.notes.length ? (
        <>
          <Heading>Notes</Heading>
          <ul className={classes.notes} aria-label={`${result.label}: notes`}>
            {result.notes.map((n, i) => (
              <li key={i}>
                <Text span size="sm" fw={600}>
                  {n.by}
                  {n.guest ? " (guest)" : ""}:
                </Text>{" "}
                {n.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function PourCard({ result, mine }: { result: PourResult; mine: MyScore | undefined }) {
  const diff = versusClub(mine, result);
  return (
    <Card withBorder padding="md" component="article" aria-label={pourTitle(result)}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {result.label}
          </Text>
          {result.bottle ? (
            <Anchor component={Link} to={`/bottle/${result.bottle.id}`} fw={700}>
              {result.bottle.name}
            </Anchor>
          ) : (
            <Text fw={700}>Not revealed yet</Text>
          )}
        </div>
        {result.rank !== null ? (
          <Badge size="lg" radius="sm" variant={result.rank === 1 ? "filled" : "light"}>
            #{result.rank}
          </Badge>
        ) : null}
      </Group>
      {result.shown ? (
        <>
          <dl className={classes.stats}>
            <Stat label="Average" value={figure(result.average)} />
            <Stat label="Trimmed average" value={figure(result.trimmedAverage)} />
            <Stat label="Median" value={figure(result.median)} />
            <Stat label="Lowest" value={figure(result.min)} />
            <Stat label="Highest" value={figure(result.max)} />
            <Stat label="Scores" value={String(result.count)} />
          </dl>
          <dl className={classes.parts}>
            {SCORE_PARTS.map((part) => (
              <Stat key={part} label={partLabel(part)} value={figure(result.parts[part])} />
            ))}
          </dl>
          <Text size="xs" c="dimmed" mt={4}>
            Trimmed average: {trimmedInWords(result.count)}
          </Text>
          {result.count > 0 ? <PartsChart result={result} /> : null}
          <Palate result={result} />
        </>
      ) : (
        // Nothing that could anchor a taster still scoring: how many scored, and when the rest shows.
        <Text size="sm" data-testid="results-wait">
          {result.count === 1 ? "1 score" : `${result.count} scores`} so far. {resultsWait(result)}
        </Text>
      )}
      {mine ? (
        <Text size="sm" mt="xs">
          Your score: <strong>{mine.total}</strong>
          {diff ? ` (${diff} against the club)` : ""} ·{" "}
          {SCORE_PARTS.map((p) => `${partLabel(p).toLowerCase()} ${mine[p]}`).join(", ")}
        </Text>
      ) : null}
      {result.guesses ? (
        <div className={classes.guesses}>
          <Guesses guesses={result.guesses} />
        </div>
      ) : null}
      {result.tasters?.length ? (
        <div className={classes.guesses}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6} mb={4}>
            Tasters
          </Text>
          <ul className={classes.tasters} data-testid="tasters">
            {result.tasters.map((t, i) => (
              <li key={i}>
                <span>
                  {fullName(t)}
                  {t.guest && t.guestOf ? <Text span c="dimmed">{` · guest of ${t.guestOf}`}</Text> : null}
                </span>
                <strong>{t.total}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

/** The scores with names and notes: members only, so fetched with the session's token. */
function DownloadCsv({ id }: { id: number }) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const download = () => {
    setState("busy");
    downloadWithToken(`/api/MonthlyMeetings/${id}/Results.csv`, "results.csv").then(
      () => setState("idle"),
      () => setState("failed"),
    );
  };
  return (
    <Stack gap={4} align="flex-end">
      <Button size="md" variant="default" onClick={download} loading={state === "busy"}>
        Download CSV
      </Button>
      {state === "failed" ? (
        <Text size="sm" c="red" role="alert">
          Failed to download the CSV.
        </Text>
      ) : null}
    </Stack>
  );
}

function Results({ id }: { id: number }) {
  const isMember = useSession() !== null;
  const { live } = useMeetingEvents(id);
  const meeting = trpc.meetings.byId.useQuery({ id });
  const results = trpc.night.results.useQuery({ id });
  const mine = trpc.night.myScores.useQuery({ id }, { enabled: isMember });
  useTitle(meeting.data ? `Results of ${meeting.data.date}` : "Results");

  if (results.isPending) return <PageLoader />;
  if (results.isError)
    return isNotFound(results.error) ? (
      <NotFound title="Meeting not found" />
    ) : (
      <LoadError message="Failed to fetch the results." />
    );
  const ranked = ranking(results.data);
  const waiting = rankingWait(results.data);
  const myScore = (pour: number) => mine.data?.find((s) => s.pour === pour);

  return (
    <>
      <NightTopBar meetingId={id} live={live} />
      <PageHeader
        title="Results"
        subtitle={
          meeting.data
            ? `${formatLongDate(meeting.data.date)} · ${meeting.data.theme.description}`
            : undefined
        }
        actions={isMember ? <DownloadCsv id={id} /> : null}
      />
      {results.data.length === 0 ? (
        <EmptyMessage>No pours in this meeting&apos;s flight yet.</EmptyMessage>
      ) : (
        <Stack gap="xl">
          <section aria-labelledby="ranking-title">
            <Title order={2} fz="h3" mb="sm" id="ranking-title">
              The night&apos;s ranking
            </Title>
            {waiting ? (
              <Text c="dimmed">{waiting}</Text>
            ) : ranked.length === 0 ? (
              <Text c="dimmed">No scores yet.</Text>
            ) : (
              <>
                <ol className={classes.ranking} aria-label="Ranking">
                  {ranked.map((r) => (
                    <li key={r.pour}>
                      <span className={classes.rank}>#{r.rank}</span>
                      <span className={classes.rankName}>{pourTitle(r)}</span>
                      <span className={classes.rankScore}>{figure(r.average)}</span>
                    </li>
                  ))}
                </ol>
                <RankingChart ranked={ranked} />
              </>
            )}
          </section>
          <section aria-labelledby="pours-title">
            <Title order={2} fz="h3" mb="sm" id="pours-title">
              Pour by pour
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {results.data.map((r) => (
                <PourCard key={r.pour} result={r} mine={myScore(r.pour)} />
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      )}
    </>
  );
}

/** /meeting/:meetingId/results: the night's figures, ranking, my scores beside the club's, CSV. */
export default function ResultsPage() {
  const id = useIdParam("meetingId");
  if (id === null) return <NotFound title="Meeting not found" />;
  return <Results key={id} id={id} />;
}
