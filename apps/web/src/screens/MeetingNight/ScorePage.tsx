import { useEffect, useRef, useState } from "react";
import { Alert, Button, Chip, NumberInput, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import "../../styles/combobox";
import "../../styles/numberInput";
import { ABV_MAX, ABV_MIN, FLAVOUR_TAGS, type FlightPour, type MeetingNight } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { LoadError, NotFound, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { httpStatusOf } from "../../lib/errors";
import { useIdParam } from "../../lib/routeParams";
import { formatAbv, numberInputValue } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { toOptions } from "../../lib/useLookups";
import { useTitle } from "../../lib/useTitle";
import type { SaveState } from "./autosave";
import { scorePath } from "./FlightSection";
import { NightTopBar } from "./MeetingNight";
import { PhaseBanner } from "./PhaseBar";
import { PartControls } from "./PartControl";
import { draftFrom, draftSaver, scoreTotal, toScoreInput, toggleTag, type ScoreDraft } from "./scoreDraft";
import { useMeetingEvents } from "./useMeetingEvents";
import "./nightStyles";
import classes from "./ScorePage.module.css";
import { useT } from "../../lib/i18n";
import { nightMessages, nightText, type NightKey } from "./nightMessages";
import { flavourLabel } from "../../lib/flavours";

function saveText(state: SaveState, error: unknown, closed: boolean, given: boolean): string {
  const SCORING_CLOSED = nightText("score.closed");
  switch (state) {
    case "idle":
      // Once the host closes scoring nothing is saved any more: say so.
      if (closed) return SCORING_CLOSED;
      return nightText(given ? "score.saved" : "score.notYet");
    case "unsaved":
      return nightText("score.saving");
    case "saving":
      return nightText("score.saving");
    case "saved":
      return nightText("score.savedShort");
    case "retrying":
      return nightText("score.retrying");
    case "failed":
      return httpStatusOf(error) === 409 ? SCORING_CLOSED : nightText("score.failed");
  }
}

/** The guesses picked from a lookup list: the guess's field, its label and the list. */
const GUESS_CHOICES = [
  { field: "drinkTypeId", label: "guess.type", lookup: "drinkTypes" },
  { field: "stateId", label: "guess.state", lookup: "states" },
] as const satisfies readonly { field: string; label: NightKey; lookup: string }[];

function Guess({
  draft,
  disabled,
  onChange,
}: {
  draft: ScoreDraft;
  disabled: boolean;
  onChange: (guess: ScoreDraft["guess"]) => void;
}) {
  // The two lists a guess is picked from (a guest pass may read them too).
  const lookupOptions = { staleTime: 5 * 60_000, retry: false } as const;
  const drinkTypes = trpc.lookups.drinkTypes.useQuery(undefined, lookupOptions);
  const states = trpc.lookups.states.useQuery(undefined, lookupOptions);
  const lookups = { drinkTypes: toOptions(drinkTypes.data), states: toOptions(states.data) };
  const g = draft.guess;
  const t = useT(nightMessages);
  return (
    <Stack gap="xs" component="fieldset" className={classes.fieldset}>
      <Text component="legend" fw={700} fz="lg">
        {t("guess.title")}
      </Text>
      <NumberInput
        label={t("guess.abv")}
        size="md"
        min={ABV_MIN}
        max={ABV_MAX}
        decimalScale={1}
        suffix="%"
        hideControls
        inputMode="decimal"
        value={g.abv ?? ""}
        disabled={disabled}
        onChange={(value) => onChange({ ...g, abv: numberInputValue(value) })}
      />
      {GUESS_CHOICES.map(({ field, label, lookup }) => (
        <Select
          key={field}
          label={t(label)}
          size="md"
          data={lookups[lookup]}
          value={g[field] === null ? null : String(g[field])}
          onChange={(value) => onChange({ ...g, [field]: value === null ? null : Number(value) })}
          searchable
          clearable
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
      ))}
    </Stack>
  );
}

/**
 * The score screen of one pour, every taster's (a member's here, a guest's on their night page):
 * the four parts, the total, flavour tags, a note and, blind, a guess. No score until the taster
 * gives one; then saved as they go.
 */
export function ScoreSheet({
  night,
  pour,
  initial,
  scored,
}: {
  night: MeetingNight;
  pour: FlightPour;
  initial: ScoreDraft;
  /** The taster has a saved score of this pour. */
  scored: boolean;
}) {
  const utils = trpc.useUtils();
  const [state, setState] = useState<{ save: SaveState; error?: unknown }>({ save: "idle" });
  const saver = useRef(
    draftSaver(
      `${night.id}:${pour.pour}`,
      async (draft) => {
        const saved = await utils.client.night.score.mutate(toScoreInput(night.id, pour.pour, draft));
        utils.night.myScores.setData({ id: night.id }, (old) =>
          [...(old ?? []).filter((s) => s.pour !== saved.pour), saved].sort((a, b) => a.pour - b.pour),
        );
      },
      (save, error) => setState({ save, error }),
    ),
  ).current;
  const [draft, setDraft] = useState<ScoreDraft>(() => saver.pending() ?? initial);
  const [given, setGiven] = useState(() => scored || saver.pending() !== undefined);
  useEffect(() => {
    saver.setOnState((save, error) => setState({ save, error }));
    setState({ save: saver.state() });
    return () => {
      saver.setOnState(() => undefined);
      saver.flush();
    };
  }, [saver]);

  const closed = !night.scoringOpen;
  const update = (next: Partial<ScoreDraft>) => {
    const value = { ...draft, ...next };
    setDraft(value);
    setGiven(true);
    saver.change(value);
  };
  const total = scoreTotal(draft);
  const guessing = night.blind && !pour.revealed;
  const t = useT(nightMessages);

  return (
    <Stack gap="lg">
      {closed ? (
        <Alert color="gray" variant="light" title={t("score.closed")}>
          {t("score.closedBody")}
        </Alert>
      ) : null}
      <div className={classes.totalBar}>
        <Text
          className={classes.total}
          aria-label={given ? t("score.totalLabel", { total }) : t("score.notScored")}
          data-testid="score-total"
        >
          {given ? total : "–"}
          <span className={classes.outOf}>/100</span>
        </Text>
        <Text
          size="sm"
          role="status"
          aria-live="polite"
          className={classes.saveState}
          data-state={state.save}
        >
          {saveText(state.save, state.error, closed, given)}
        </Text>
      </div>
      <PartControls values={draft} disabled={closed} onChange={update} />
      <fieldset className={classes.fieldset}>
        <Text component="legend" fw={700} fz="lg" mb="xs">
          {t("score.flavours")}
        </Text>
        <div className={classes.chips}>
          {FLAVOUR_TAGS.map((tag) => (
            <Chip
              key={tag}
              size="md"
              checked={draft.tags.includes(tag)}
              disabled={closed}
              onChange={() => update({ tags: toggleTag(draft.tags, tag, FLAVOUR_TAGS) })}
            >
              {flavourLabel(tag)}
            </Chip>
          ))}
        </div>
      </fieldset>
      <Textarea
        label={t("score.note")}
        size="md"
        autosize
        minRows={3}
        maxLength={1000}
        placeholder={t("score.notePlaceholder")}
        value={draft.note}
        disabled={closed}
        onChange={(event) => update({ note: event.currentTarget.value })}
      />
      {guessing ? <Guess draft={draft} disabled={closed} onChange={(guess) => update({ guess })} /> : null}
    </Stack>
  );
}

function PourNav({ id, pours, pour }: { id: number; pours: readonly number[]; pour: number }) {
  const at = pours.indexOf(pour);
  const previous = pours[at - 1];
  const next = pours[at + 1];
  const t = useT(nightMessages);
  return (
    <nav className={classes.pourNav} aria-label={t("nav.pours")} data-bottom-bar>
      <Button
        size="md"
        px="sm"
        variant="default"
        component={Link}
        to={previous !== undefined ? scorePath(id, previous) : `/monthlymeeting/${id}`}
        replace={previous !== undefined}
      >
        {previous !== undefined ? t("nav.previous") : t("backToMeeting")}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        {t("nav.position", { at: at + 1, count: pours.length })}
      </Text>
      <Button
        size="md"
        px="sm"
        component={Link}
        to={next !== undefined ? scorePath(id, next) : `/meeting/${id}/results`}
        replace={next !== undefined}
      >
        {next !== undefined ? t("nav.next") : t("nav.results")}
      </Button>
    </nav>
  );
}

function Scoring({ id, pourNumber }: { id: number; pourNumber: number }) {
  const { live } = useMeetingEvents(id);
  const night = trpc.night.get.useQuery({ id });
  const flight = trpc.night.flight.useQuery({ id });
  const mine = trpc.night.myScores.useQuery({ id });
  const pour = flight.data?.find((p) => p.pour === pourNumber);
  const t = useT(nightMessages);
  useTitle(pour ? t("score.title", { name: pour.bottle?.name ?? pour.label }) : t("score.titleFallback"));

  if (night.isPending || flight.isPending || mine.isPending) return <PageLoader />;
  if (night.isError || flight.isError || mine.isError) return <LoadError message={t("score.flightFailed")} />;
  if (!pour) return <NotFound title={t("score.noPour")} message={t("score.noPourBody")} />;
  const saved = mine.data.find((s) => s.pour === pourNumber);

  return (
    <div className={classes.page}>
      <NightTopBar meetingId={id} live={live} />
      {/* Where the host has the room, on top of every taster's score screen. */}
      <PhaseBanner phase={night.data.phase} />
      <PageHeader
        title={pour.bottle ? pour.bottle.name : pour.label}
        subtitle={
          <>
            {pour.bottle ? `${pour.label} · ` : night.data.blind ? t("score.blind") : ""}
            {t("pourMl", { ml: pour.pourMl })}
            {pour.bottle ? ` · ${formatAbv(pour.bottle.abv)}` : ""}
          </>
        }
      />
      <Title order={2} className={classes.visuallyHidden}>
        {t("score.yours")}
      </Title>
      <ScoreSheet
        key={`${id}:${pourNumber}`}
        night={night.data}
        pour={pour}
        initial={draftFrom(saved)}
        scored={saved !== undefined}
      />
      <PourNav id={id} pours={flight.data.map((p) => p.pour)} pour={pourNumber} />
    </div>
  );
}

/** /meeting/:meetingId/score/:pour: one pour per screen, for members. */
export default function ScorePage() {
  const session = useSession();
  const id = useIdParam("meetingId");
  const pour = useIdParam("pour");
  const t = useT(nightMessages);
  if (id === null || pour === null) return <NotFound title={t("score.noPour")} />;
  if (!session)
    return (
      <Stack align="center" py="xl">
        <Text>{t("score.logIn")}</Text>
        <Button component={Link} to="/login" size="md">
          {t("score.login")}
        </Button>
      </Stack>
    );
  return <Scoring key={`${id}:${pour}`} id={id} pourNumber={pour} />;
}
