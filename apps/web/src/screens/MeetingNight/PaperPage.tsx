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
import { figure, ranking, rankingWait, resultsWait } from "./resultsView";
import { fullName } from "./rsvpSummary";
import { defaultPaper, paperPourName, paperTasters, PAPERS, type Paper, type PaperTaster } from "./paper";
import "./nightStyles";
import classes from "./PaperPage.module.css";

const PART_LABELS = { nose: "Nose", palate: "Palate", finish: "Finish", balance: "Balance" } as const;
const PAPER_LABELS: Record<Paper, string> = { a4: "A4", letter: "Letter" };
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
  return (
    <article className={classes.page} aria-label={`Tasting sheet of ${taster.name ?? "a taster"}`}>
      <div className={classes.sheetHeader}>
        <div>
          <p className={classes.kicker}>{clubSettings().name} · Tasting sheet</p>
          <p className={classes.sheetTitle}>{heading}</p>
        </div>
        <p className={classes.nameLine}>
          <span>Name:</span> <span className={classes.fill}>{taster.name ?? ""}</span>
          {taster.guestOf ? <span className={classes.guestOf}> (guest of {taster.guestOf})</span> : null}
        </p>
      </div>
      <p className={classes.scale}>
        Score each part from 0 to {SCORE_PART_MAX}; the total is out of {SCORE_PART_MAX * 4}.
        {night.blind ? " Blind: the pours are revealed at the end; guess each one." : ""}
      </p>
      {pours.map((pour) => (
        <section key={pour.pour} className={classes.pour} aria-label={pour.label}>
          <p className={classes.pourName}>{paperPourName(pour, night.blind)}</p>
          <div className={classes.boxes}>
            {SCORE_PARTS.map((part) => (
              <div key={part} className={classes.box}>
                <span>{PART_LABELS[part]}</span>
                <span className={classes.of}>/ {SCORE_PART_MAX}</span>
              </div>
            ))}
            <div className={`${classes.box} ${classes.total}`}>
              <span>Total</span>
              <span className={classes.of}>/ {SCORE_PART_MAX * 4}</span>
            </div>
          </div>
          <div className={classes.notes}>
            <span>Notes</span>
          </div>
          {night.blind && !pour.revealed ? (
            <p className={classes.guesses}>
              <span>
                Guess: ABV <span className={classes.blank} />%
              </span>
              <span>
                Type <span className={classes.blankWide} />
              </span>
              <span>
                Region <span className={classes.blankWide} />
              </span>
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}

function TastingSheets({ id, heading, hostName }: { id: number; heading: string; hostName: string }) {
  const night = trpc.night.get.useQuery({ id });
  const flight = trpc.night.flight.useQuery({ id });
  const rsvps = trpc.night.rsvps.useQuery({ id });
  const isHost = night.data?.isHost === true;
  const guests = trpc.guests.list.useQuery({ id }, { enabled: isHost });
  const [blank, setBlank] = useState<number | null>(null);

  if (night.isPending || flight.isPending || rsvps.isPending || (isHost && guests.isPending))
    return <PageLoader />;
  if (night.isError || flight.isError || rsvps.isError)
    return <LoadError message="Failed to fetch the meeting night." />;
  const tasters = paperTasters(rsvps.data, guests.data ?? [], blank, hostName);
  const blanks = tasters.filter((t) => t.name === null).length;

  return (
    <>
      <Group className={classes.noPrint} gap="sm" align="flex-end" mb="md">
        <NumberInput
          label="Blank sheets"
          description="For guests without a name yet"
          min={0}
          max={60}
          allowDecimal={false}
          clampBehavior="strict"
          value={blanks}
          onChange={(value) => setBlank(typeof value === "number" ? value : 0)}
          w={200}
        />
        <Text size="sm" c="dimmed">
          {tasters.length === 1 ? "1 sheet" : `${tasters.length} sheets`}, one page per taster
        </Text>
      </Group>
      {flight.data.length === 0 ? (
        <Text c="dimmed" className={classes.noPrint} mb="md">
          No bottles recorded for this meeting yet: the sheets have no pours.
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
  const results = trpc.night.results.useQuery({ id });
  if (results.isPending) return <PageLoader />;
  if (results.isError) return <LoadError message="Failed to fetch the results." />;
  const ranked = ranking(results.data);
  return (
    <div className={classes.sheets}>
      <article className={`${classes.page} ${classes.resultsPage}`} aria-label="Results sheet">
        <div className={classes.sheetHeader}>
          <div>
            <p className={classes.kicker}>{clubSettings().name} · Results</p>
            <p className={classes.sheetTitle}>{heading}</p>
          </div>
        </div>
        {results.data.length === 0 ? <p>No pours in this meeting&apos;s flight yet.</p> : null}
        {ranked.length > 0 ? (
          <section className={classes.pour} aria-label="Ranking">
            <p className={classes.pourName}>The night&apos;s ranking</p>
            <div className={classes.tableWrap}>
              <table className={classes.table}>
                <thead>
                  <tr>
                    <th scope="col">Rank</th>
                    <th scope="col">Pour</th>
                    <th scope="col">Average</th>
                    <th scope="col" className={classes.extra}>
                      Median
                    </th>
                    <th scope="col" className={classes.extra}>
                      Lowest
                    </th>
                    <th scope="col" className={classes.extra}>
                      Highest
                    </th>
                    <th scope="col">Scores</th>
                  </tr>
                </thead>
                <tbody>
                  {ranked.map((r) => (
                    <tr key={r.pour}>
                      <td>#{r.rank}</td>
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
          <p>{rankingWait(results.data) ?? "No scores yet."}</p>
        ) : null}
        {results.data.map((r) => (
          <section key={r.pour} className={classes.pour} aria-label={r.label}>
            <p className={classes.pourName}>{resultName(r)}</p>
            {r.shown ? (
              <p className={classes.line}>
                Average {figure(r.average)} · {r.count === 1 ? "1 score" : `${r.count} scores`} ·{" "}
                {SCORE_PARTS.map((p) => `${PART_LABELS[p]} ${figure(r.parts[p])}`).join(", ")}
              </p>
            ) : (
              <p className={classes.line}>
                {r.count === 1 ? "1 score" : `${r.count} scores`} so far. {resultsWait(r)}
              </p>
            )}
            {r.guesses ? (
              <p className={classes.line}>
                Closest ABV:{" "}
                {r.guesses.closestAbv.length === 0
                  ? "nobody guessed"
                  : r.guesses.closestAbv.map((g) => `${fullName(g)} (${g.guess}%)`).join(", ")}
                {" · "}Right type: {r.guesses.rightType.map(fullName).join(", ") || "nobody"}
                {" · "}Right state: {r.guesses.rightRegion.map(fullName).join(", ") || "nobody"}
              </p>
            ) : null}
            {r.tasters?.length ? (
              <p className={classes.line}>
                {r.tasters
                  .map(
                    (t) =>
                      `${t.guest && t.guestOf ? `${t.firstName} (guest of ${t.guestOf})` : fullName(t)}: ${t.total}`,
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
  r.bottle ? `${r.label}: ${r.bottle.name}` : `${r.label} (not revealed yet)`;

function Paper({ id, kind }: { id: number; kind: "tasting" | "results" }) {
  const meeting = trpc.meetings.byId.useQuery({ id });
  const [paper, setPaper] = useState<Paper>(storedPaper);
  const title = kind === "tasting" ? "Tasting sheets" : "Results sheet";
  useTitle(meeting.data ? `${title} of ${meeting.data.date}` : title);

  if (meeting.isPending) return <PageLoader />;
  if (meeting.isError)
    return isNotFound(meeting.error) ? (
      <NotFound title="Meeting not found" />
    ) : (
      <LoadError message="Failed to fetch the meeting." />
    );
  const heading = `${formatLongDate(meeting.data.date)} · ${meeting.data.theme.description}`;
  const choosePaper = (value: string) => {
    localStorage.setItem(PAPER_KEY, value);
    setPaper(value as Paper);
  };

  return (
    <div className={classes.paper} data-paper={paper}>
      <div className={classes.noPrint}>
        <Anchor component={Link} to={`/monthlymeeting/${id}`} size="sm">
          ← Meeting
        </Anchor>
        <PageHeader title={title} subtitle={heading} />
        <Stack gap="sm" mb="lg">
          <Group gap="sm" align="flex-end">
            <div>
              <Text id="paper-label" size="sm" fw={600} mb={4}>
                Paper
              </Text>
              <SegmentedControl
                aria-labelledby="paper-label"
                data={PAPERS.map((value) => ({ value, label: PAPER_LABELS[value] }))}
                value={paper}
                onChange={choosePaper}
              />
            </div>
            <Button h={40} onClick={() => window.print()}>
              Print
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Prints black on white, without the app&apos;s menus
            {kind === "tasting" ? ", a page per taster." : "."}
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
  if (id === null) return <NotFound title="Meeting not found" />;
  return (
    <RequireMember>
      <Paper key={`${id}-${kind}`} id={id} kind={kind} />
    </RequireMember>
  );
}
