import { useEffect, useState } from "react";
import { Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import "../../styles/nativeSelect";
import { PHASE_NAMES, type MeetingNight, type PhaseName } from "@club/shared";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";
import classes from "./PhaseBar.module.css";
import { useT } from "../../lib/i18n";
import { nightMessages, nightText, type NightKey } from "./nightMessages";

const PHASE_LABEL: Record<PhaseName, NightKey> = {
  pour: "phase.pour",
  nose: "part.nose",
  palate: "part.palate",
  finish: "part.finish",
  score: "phase.score",
};

/** The timer's choices in the reader's language ("30 s", "1 min"). */
const timers = () => [
  { value: "", label: nightText("timer.none") },
  { value: "30", label: nightText("timer.seconds", { n: 30 }) },
  ...[1, 2, 3, 5].map((n) => ({ value: String(n * 60), label: nightText("timer.minutes", { n }) })),
];

/** How long "Time's up" stays on the phones once a phase's timer ends. */
export const TIMES_UP_SECONDS = 30;

/**
 * Seconds left until `endsAt` (null without a timer, and once "Time's up" has been shown for
 * TIMES_UP_SECONDS), ticking every second until then.
 */
export function useSecondsLeft(endsAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(endsAt, now);
  const done = left === null;
  useEffect(() => {
    if (done) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [done, endsAt]);
  return left;
}

/** The seconds left at `now` (0: "Time's up"), or null: no timer, or "Time's up" has been shown long enough. */
export function secondsLeft(endsAt: string | null, now: number): number | null {
  if (endsAt === null) return null;
  const end = Date.parse(endsAt);
  if (now >= end + TIMES_UP_SECONDS * 1000) return null;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Where the host has the room: the current pour and phase on top of every phone, with
 * the phase's timer and a gentle cue when it ends (a short vibration where the phone has one, and
 * "Time's up"). Nothing without phases.
 */
export function PhaseBanner({ phase }: { phase: MeetingNight["phase"] }) {
  const left = useSecondsLeft(phase?.endsAt ?? null);
  const over = left === 0;
  useEffect(() => {
    if (over && typeof navigator !== "undefined" && "vibrate" in navigator) navigator.vibrate(150);
  }, [over]);
  const t = useT(nightMessages);
  if (!phase) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.banner}
      data-testid="phase-banner"
      aria-live="polite"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} fz="lg">
          {phase.phase
            ? t("banner.dramPhase", { pour: phase.pour, phase: t(PHASE_LABEL[phase.phase]) })
            : t("banner.dram", { pour: phase.pour })}
        </Text>
        {left !== null ? (
          <Text fw={700} fz="lg" className={classes.timer} data-over={over || undefined}>
            {over ? t("banner.timesUp") : clock(left)}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * The host's controls, each saying what it does: the dram everyone is on, the timer each phase
 * gets, the phase (which moves every phone's banner), and "Stop phases".
 */
export function PhaseControls({ night, pours }: { night: MeetingNight; pours: readonly number[] }) {
  const utils = trpc.useUtils();
  const t = useT(nightMessages);
  const set = trpc.night.phase.useMutation({
    onSuccess: () => utils.night.get.invalidate({ id: night.id }),
    onError: (error) => notify(error.message || t("phase.failed"), "red"),
  });
  const [timer, setTimer] = useState("");
  const current = night.phase;
  const pour = current?.pour ?? pours[0] ?? 1;
  if (pours.length === 0) return null;
  const send = (next: { pour: number | null; phase: PhaseName | null }) =>
    set.mutate({ id: night.id, ...next, ...(timer && next.phase ? { seconds: Number(timer) } : {}) });
  return (
    <Stack gap="xs" className={classes.controls} component="section" aria-labelledby="phase-controls-title">
      <div>
        <Text id="phase-controls-title" fw={700}>
          {t("phase.title")}
        </Text>
        <Text size="sm" c="dimmed">
          {current ? t("phase.running") : t("phase.idle")}
        </Text>
      </div>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <NativeSelect
          label={t("phase.dramLabel")}
          size="md"
          value={current ? String(pour) : ""}
          data={[
            ...(current ? [] : [{ value: "", label: t("phase.chooseDram") }]),
            ...pours.map((n) => ({ value: String(n), label: t("banner.dram", { pour: n }) })),
          ]}
          onChange={(e) => {
            if (e.currentTarget.value) send({ pour: Number(e.currentTarget.value), phase: "pour" });
          }}
        />
        <NativeSelect
          label={t("phase.timerLabel")}
          size="md"
          value={timer}
          data={timers()}
          onChange={(e) => setTimer(e.currentTarget.value)}
        />
        {current ? (
          <Button
            variant="subtle"
            size="md"
            onClick={() => send({ pour: null, phase: null })}
            loading={set.isPending}
          >
            {t("phase.stop")}
          </Button>
        ) : null}
      </Group>
      {current ? (
        <div>
          <Text id="phase-label" size="sm" fw={600} mb={4}>
            {t("phase.move", { pour })}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="phase-label"
            value={current.phase ?? ""}
            data={PHASE_NAMES.map((p) => ({ value: p, label: t(PHASE_LABEL[p]) }))}
            onChange={(value) => send({ pour, phase: value as PhaseName })}
          />
        </div>
      ) : null}
    </Stack>
  );
}
