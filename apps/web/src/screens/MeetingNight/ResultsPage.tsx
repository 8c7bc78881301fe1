import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { SCORE_PARTS, TRIM_MIN_SCORES, type MyScore, type PourResult } from "@club/shared";
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
import { useT } from "../../lib/i18n";
import { formatNumber } from "../../lib/format";
import { nightMessages, nightText } from "./nightMessages";

/** How the trimmed average is made, for a pour with `count` scores. */
const trimmedInWords = (count: number) =>
  count === 0
    ? nightText("results.noScores")
    : count < TRIM_MIN_SCORES
      ? nightText("results.trimmedFew", { min: TRIM_MIN_SCORES })
      : nightText("results.trimmedMany", { count });

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.stat}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Guesses({ guesses }: { guesses: NonNullable<PourResult["guesses"]> }) {
  const t = useT(nightMessages);
  const names = (list: { firstName: string; lastName: string }[]) =>
    list.length === 0 ? t("results.nobody") : list.map(fullName).join(", ");
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6} mb={4}>
        {t("results.guesses")}
      </Text>
      <Text size="sm">
        {t("results.closestAbv", {
          names:
            guesses.closestAbv.length === 0
              ? t("results.nobodyGuessed")
              : guesses.closestAbv
                  .map((g) =>
                    t("results.guessOff", {
                      name: fullName(g),
                      guess: formatNumber(g.guess, 1),
                      off: formatNumber(g.off, 1),
                    }),
                  )
                  .join(", "),
        })}
      </Text>
      <Text size="sm">{t("results.rightType", { names: names(guesses.rightType) })}</Text>
      <Text size="sm">{t("results.rightState", { names: names(guesses.rightRegion) })}</Text>
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
  const t = useT(nightMessages);
  return (
    <div
      className={classes.guesses}
      aria-label={t("results.palateLabel", { pour: result.label })}
      role="group"
    >
      <Heading>{t("results.profile")}</Heading>
      <Text size="sm">
        {t("results.consensus")} <strong>{consensusInWords(result.consensus)}</strong>
      </Text>
      <Text size="sm" c="dimmed">
        {t("results.tags", { tags: tagsInWords(result.tags) })}
      </Text>
      {result.notes.length ? (
        <>
          <Heading>{t("results.notes")}</Heading>
          <ul className={classes.notes} aria-label={t("results.notesLabel", { pour: result.label })}>
            {result.notes.map((n, i) => (
              <li key={i}>
                <Text span size="sm" fw={600}>
                  {t("results.noteBy", { name: n.guest ? t("guestName", { name: n.by }) : n.by })}
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
  const t = useT(nightMessages);
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
            <Text fw={700}>{t("results.notRevealed")}</Text>
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
            <Stat label={t("results.average")} value={figure(result.average)} />
            <Stat label={t("results.trimmed")} value={figure(result.trimmedAverage)} />
            <Stat label={t("results.median")} value={figure(result.median)} />
            <Stat label={t("results.lowest")} value={figure(result.min)} />
            <Stat label={t("results.highest")} value={figure(result.max)} />
            <Stat label={t("results.scores")} value={formatNumber(result.count, 0)} />
          </dl>
          <dl className={classes.parts}>
            {SCORE_PARTS.map((part) => (
              <Stat key={part} label={partLabel(part)} value={figure(result.parts[part])} />
            ))}
          </dl>
          <Text size="xs" c="dimmed" mt={4}>
            {t("results.trimmedNote", { words: trimmedInWords(result.count) })}
          </Text>
          {result.count > 0 ? <PartsChart result={result} /> : null}
          <Palate result={result} />
        </>
      ) : (
        // Nothing that could anchor a taster still scoring: how many scored, and when the rest shows.
        <Text size="sm" data-testid="results-wait">
          {t("results.soFar", { count: result.count })} {resultsWait(result)}
        </Text>
      )}
      {mine ? (
        <Text size="sm" mt="xs">
          {t("results.yourScore")} <strong>{mine.total}</strong>
          {diff ? t("results.against", { diff }) : ""} ·{" "}
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
            {t("results.tasters")}
          </Text>
          <ul className={classes.tasters} data-testid="tasters">
            {result.tasters.map((taster, i) => (
              <li key={i}>
                <span>
                  {fullName(taster)}
                  {taster.guest && taster.guestOf ? (
                    <Text span c="dimmed">
                      {t("results.guestOf", { name: taster.guestOf })}
                    </Text>
                  ) : null}
                </span>
                <strong>{taster.total}</strong>
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
  const t = useT(nightMessages);
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
        {t("results.csv")}
      </Button>
      {state === "failed" ? (
        <Text size="sm" c="red" role="alert">
          {t("results.csvFailed")}
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
  const t = useT(nightMessages);
  useTitle(meeting.data ? t("results.titleOf", { date: meeting.data.date }) : t("nav.results"));

  if (results.isPending) return <PageLoader />;
  if (results.isError)
    return isNotFound(results.error) ? (
      <NotFound title={t("details.notFound")} />
    ) : (
      <LoadError message={t("results.failed")} />
    );
  const ranked = ranking(results.data);
  const waiting = rankingWait(results.data);
  const myScore = (pour: number) => mine.data?.find((s) => s.pour === pour);

  return (
    <>
      <NightTopBar meetingId={id} live={live} />
      <PageHeader
        title={t("nav.results")}
        subtitle={
          meeting.data
            ? `${formatLongDate(meeting.data.date)} · ${meeting.data.theme.description}`
            : undefined
        }
        actions={isMember ? <DownloadCsv id={id} /> : null}
      />
      {results.data.length === 0 ? (
        <EmptyMessage>{t("results.empty")}</EmptyMessage>
      ) : (
        <Stack gap="xl">
          <section aria-labelledby="ranking-title">
            <Title order={2} fz="h3" mb="sm" id="ranking-title">
              {t("results.ranking")}
            </Title>
            {waiting ? (
              <Text c="dimmed">{waiting}</Text>
            ) : ranked.length === 0 ? (
              <Text c="dimmed">{t("results.noScores")}</Text>
            ) : (
              <>
                <ol className={classes.ranking} aria-label={t("results.rankingLabel")}>
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
              {t("results.byPour")}
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
  const t = useT(nightMessages);
  if (id === null) return <NotFound title={t("details.notFound")} />;
  return <Results key={id} id={id} />;
}
