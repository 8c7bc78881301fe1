import { Anchor, Button, Group, NumberInput, SegmentedControl, Stack, Text } from "@mantine/core";
import "../../styles/numberInput";
import { useState } from "react";
import { Link, useLocation } from "react-router-dom";
import {
  SCORE_PART_MAX,
  SCORE_PARTS,
  type FlightPour,
  type MeetingNight,
  type PourResult,
} from "@club/shared";
import { clubSettings } from "../../lib/clubSettings";
import { PageHeader } from "../../components/PageHeader";
import { RequireMember } from "../../components/RequireMember";
import { LoadError, NotFound, PageLoader } from "../../components/status";
import { isNotFound } from "../../lib/errors";
import { useIdParam } from "../../lib/routeParams";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { figure, partLabel, pourTitle, ranking, rankingWait, resultsWait } from "./resultsView";
import { fullName } from "./rsvpSummary";
import { defaultPaper, paperPourName, paperTasters, PAPERS, type Paper, type PaperTaster } from "./paper";
import "./nightStyles";
import classes from "./PaperPage.module.css";
import { useT } from "../../lib/i18n";
import { listText, nightMessages, nightText } from "./nightMessages";

const PAPER_KEY = "paper";

function storedPaper(): Paper {
  const stored = localStorage.getItem(PAPER_KEY);
  return (PAPERS as readonly string[]).includes(stored ?? "")
    ? (stored as Paper)
    : defaultPaper(navigator.language);
}

/** One taster's page: the pours with a box per part of the scale, notes, and guesses while blind. */
function TastingSheet({
  taster,
  pours,
  night,
  heading,
}: {
  taster: PaperTaster;
  pours: FlightPour[];
  night: MeetingNight;
  heading: string;
}) {
  const t = useT(nightMessages);
  return (
    <article
      className={classes.page}
      aria-label={t("paper.sheetOf", { name: taster.name ?? t("paper.aTaster") })}
    >
      <div className={classes.sheetHeader}>
        <div>
          <p className={classes.kicker}>{t("paper.tastingKicker", { club: clubSettings().name })}</p>
          <p className={classes.sheetTitle}>{heading}</p>
        </div>
        <p className={classes.nameLine}>
          <span>{t("paper.name")}</span> <span className={classes.fill}>{taster.name ?? ""}</span>
          {taster.guestOf ? (
            <span className={classes.guestOf}>{t("paper.guestOf", { name: taster.guestOf })}</span>
          ) : null}
        </p>
      </div>
      <p className={classes.scale}>
        {t("paper.scale", { max: SCORE_PART_MAX, total: SCORE_PART_MAX * 4 })}
        {night.blind ? t("paper.scaleBlind") : ""}
      </p>
      {pours.map((pour) => (
        <section key={pour.pour} className={classes.pour} aria-label={pour.label}>
          <p className={classes.pourName}>{paperPourName(pour, night.blind)}</p>
          <div className={classes.boxes}>
            {SCORE_PARTS.map((part) => (
              <div key={part} className={classes.box}>
                <span>{partLabel(part)}</span>
                <span className={classes.of}>/ {SCORE_PART_MAX}</span>
              </div>
            ))}
            <div className={`${classes.box} ${classes.total}`}>
              <span>{t("paper.total")}</span>
              <span className={classes.of}>/ {SCORE_PART_MAX * 4}</span>
            </div>
          </div>
          <div className={classes.notes}>
            <span>{t("paper.notes")}</span>
          </div>
          {night.blind && !pour.revealed ? (
            <p className={classes.guesses}>
              <span>
                {t("paper.guessAbv")} <span className={classes.blank} />%
              </span>
              <span>
                {t("paper.type")} <span className={classes.blankWide} />
              </span>
              <span>
                {t("paper.region")} <span className={classes.blankWide} />
              </span>
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}

function TastingSheets({ id, heading, hostName }: { id: number; heading: string; hostName: string }) {
  const t = useT(nightMessages);
  const night = trpc.night.get.useQuery({ id });
  const flight = trpc.night.flight.useQuery({ id });
  const rsvps = trpc.night.rsvps.useQuery({ id });
  const isHost = night.data?.isHost === true;
  const guests = trpc.guests.list.useQuery({ id }, { enabled: isHost });
  const [blank, setBlank] = useState<number | null>(null);

  if (night.isPending || flight.isPending || rsvps.isPending || (isHost && guests.isPending))
    return <PageLoader />;
  if (night.isError || flight.isError || rsvps.isError) return <LoadError message={t("nightFailed")} />;
  const tasters = paperTasters(rsvps.data, guests.data ?? [], blank, hostName);
  const blanks = tasters.filter((taster) => taster.name === null).length;

  return (
    <>
      <Group className={classes.noPrint} gap="sm" align="flex-end" mb="md">
        <NumberInput
          label={t("paper.blankSheets")}
          description={t("paper.blankHint")}
          min={0}
          max={60}
          allowDecimal={false}
          clampBehavior="strict"
          value={blanks}
          onChange={(value) => setBlank(typeof value === "number" ? value : 0)}
          w={200}
        />
        <Text size="sm" c="dimmed">
          {t("paper.sheets", { count: tasters.length })}
        </Text>
      </Group>
      {flight.data.length === 0 ? (
        <Text c="dimmed" className={classes.noPrint} mb="md">
          {t("paper.noPours")}
        </Text>
      ) : null}
      <div className={classes.sheets}>
        {tasters.map((taster, i) => (
          <TastingSheet key={i} taster={taster} pours={flight.data} night={night.data} heading={heading} />
        ))}
      </div>
    </>
  );
}

function ResultsSheet({ id, heading }: { id: number; heading: string }) {
  const t = useT(nightMessages);
  const results = trpc.night.results.useQuery({ id });
  if (results.isPending) return <PageLoader />;
  if (results.isError) return <LoadError message={t("results.failed")} />;
  const ranked = ranking(results.data);
  return (
    <div className={classes.sheets}>
      <article className={`${classes.page} ${classes.resultsPage}`} aria-label={t("paper.resultsSheet")}>
        <div className={classes.sheetHeader}>
          <div>
            <p className={classes.kicker}>{t("paper.resultsKicker", { club: clubSettings().name })}</p>
            <p className={classes.sheetTitle}>{heading}</p>
          </div>
        </div>
        {results.data.length === 0 ? <p>{t("results.empty")}</p> : null}
        {ranked.length > 0 ? (
          <section className={classes.pour} aria-label={t("results.rankingLabel")}>
            <p className={classes.pourName}>{t("results.ranking")}</p>
            <div className={classes.tableWrap}>
              <table className={classes.table}>
                <thead>
                  <tr>
                    <th scope="col">{t("paper.rank")}</th>
                    <th scope="col">{t("paper.pour")}</th>
                    <th scope="col">{t("results.average")}</th>
                    <th scope="col" className={classes.extra}>
                      {t("results.median")}
                    </th>
                    <th scope="col" className={classes.extra}>
                      {t("results.lowest")}
                    </th>
                    <th scope="col" className={classes.extra}>
                      {t("results.highest")}
                    </th>
                    <th scope="col">{t("results.scores")}</th>
                  </tr>
                </thead>
                <tbody>
                  {ranked.map((r) => (
                    <tr key={r.pour}>
                      <td>{t("paper.rankOf", { rank: r.rank })}</td>
                      <td>{resultName(r)}</td>
                      <td>{figure(r.average)}</td>
                      <td className={classes.extra}>{figure(r.median)}</td>
                      <td className={classes.extra}>{figure(r.min)}</td>
                      <td className={classes.extra}>{figure(r.max)}</td>
                      <td>{r.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ) : results.data.length > 0 ? (
          <p>{rankingWait(results.data) ?? t("results.noScores")}</p>
        ) : null}
        {results.data.map((r) => (
          <section key={r.pour} className={classes.pour} aria-label={r.label}>
            <p className={classes.pourName}>{resultName(r)}</p>
            {r.shown ? (
              <p className={classes.line}>
                {t("paper.shown", {
                  average: figure(r.average),
                  count: r.count,
                  parts: listText(
                    SCORE_PARTS.map((p) =>
                      t("paper.part", { part: partLabel(p), value: figure(r.parts[p]) }),
                    ),
                  ),
                })}
              </p>
            ) : (
              <p className={classes.line}>
                {t("results.soFar", { count: r.count })} {resultsWait(r)}
              </p>
            )}
            {r.guesses ? (
              <p className={classes.line}>
                {[
                  t("results.closestAbv", {
                    names:
                      r.guesses.closestAbv.length === 0
                        ? t("results.nobodyGuessed")
                        : listText(
                            r.guesses.closestAbv.map((g) =>
                              t("paper.abvGuess", { name: fullName(g), guess: g.guess }),
                            ),
                          ),
                  }),
                  t("results.rightType", { names: namesOrNobody(r.guesses.rightType.map(fullName)) }),
                  t("results.rightState", { names: namesOrNobody(r.guesses.rightRegion.map(fullName)) }),
                ].join(" · ")}
              </p>
            ) : null}
            {r.tasters?.length ? (
              <p className={classes.line}>
                {r.tasters
                  .map((taster) =>
                    t("paper.tasterTotal", {
                      name:
                        taster.guest && taster.guestOf
                          ? t("paper.guestTaster", { name: taster.firstName, host: taster.guestOf })
                          : fullName(taster),
                      total: taster.total,
                    }),
                  )
                  .join(" · ")}
              </p>
            ) : null}
          </section>
        ))}
      </article>
    </div>
  );
}

const resultName = (r: PourResult) =>
  r.bottle ? pourTitle(r) : nightText("paper.notRevealed", { label: r.label });

const namesOrNobody = (names: string[]) =>
  names.length === 0 ? nightText("results.nobody") : listText(names);

function Paper({ id, kind }: { id: number; kind: "tasting" | "results" }) {
  const t = useT(nightMessages);
  const meeting = trpc.meetings.byId.useQuery({ id });
  const [paper, setPaper] = useState<Paper>(storedPaper);
  const title = kind === "tasting" ? t("paper.tastingTitle") : t("paper.resultsSheet");
  useTitle(
    meeting.data
      ? t(kind === "tasting" ? "paper.tastingTitleOf" : "paper.resultsTitleOf", { date: meeting.data.date })
      : title,
  );

  if (meeting.isPending) return <PageLoader />;
  if (meeting.isError)
    return isNotFound(meeting.error) ? (
      <NotFound title={t("details.notFound")} />
    ) : (
      <LoadError message={t("paper.meetingFailed")} />
    );
  const heading = t("paper.heading", {
    date: formatLongDate(meeting.data.date),
    theme: meeting.data.theme.description,
  });
  const choosePaper = (value: string) => {
    localStorage.setItem(PAPER_KEY, value);
    setPaper(value as Paper);
  };

  return (
    <div className={classes.paper} data-paper={paper}>
      <div className={classes.noPrint}>
        <Anchor component={Link} to={`/monthlymeeting/${id}`} size="sm">
          {t("backToMeeting")}
        </Anchor>
        <PageHeader title={title} subtitle={heading} />
        <Stack gap="sm" mb="lg">
          <Group gap="sm" align="flex-end">
            <div>
              <Text id="paper-label" size="sm" fw={600} mb={4}>
                {t("paper.paper")}
              </Text>
              <SegmentedControl
                aria-labelledby="paper-label"
                data={PAPERS.map((value) => ({ value, label: t(`paper.${value}`) }))}
                value={paper}
                onChange={choosePaper}
              />
            </div>
            <Button h={40} onClick={() => window.print()}>
              {t("paper.print")}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t(kind === "tasting" ? "paper.printsTasting" : "paper.printsResults")}
          </Text>
        </Stack>
      </div>
      {kind === "tasting" ? (
        <TastingSheets id={id} heading={heading} hostName={meeting.data.hostName} />
      ) : (
        <ResultsSheet id={id} heading={heading} />
      )}
    </div>
  );
}

/**
 * /meeting/:meetingId/print/tasting and /print/results: the night's paper, printed from
 * the browser: a tasting sheet per taster, and the results. Members (the host included).
 */
export default function PaperPage() {
  const id = useIdParam("meetingId");
  const kind = useLocation().pathname.replace(/\/$/, "").endsWith("/results") ? "results" : "tasting";
  const t = useT(nightMessages);
  if (id === null) return <NotFound title={t("details.notFound")} />;
  return (
    <RequireMember>
      <Paper key={`${id}-${kind}`} id={id} kind={kind} />
    </RequireMember>
  );
}
