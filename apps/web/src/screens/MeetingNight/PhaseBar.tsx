import { useEffect, useState } from "react";
import { Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import "../../styles/nativeSelect";
import { PHASE_NAMES, type MeetingNight, type PhaseName } from "@club/shared";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";
import classes from "./PhaseBar.module.css";

const PHASE_LABEL: Record<PhaseName, string> = {
  pour: "Pour",
  nose: "Nose",
  palate: "Palate",
  finish: "Finish",
  score: "Score",
};

const TIMERS = [
  { value: "", label: "No timer" },
  { value: "30", label: "30 s" },
  { value: "60", label: "1 min" },
  { value: "120", label: "2 min" },
  { value: "180", label: "3 min" },
  { value: "300", label: "5 min" },
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
          Dram {phase.pour}
          {phase.phase ? ` · ${PHASE_LABEL[phase.phase]}` : ""}
        </Text>
        {left !== null ? (
          <Text fw={700} fz="lg" className={classes.timer} data-over={over || undefined}>
            {over ? "Time's up" : clock(left)}
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
  const set = trpc.night.phase.useMutation({
    onSuccess: () => utils.night.get.invalidate({ id: night.id }),
    onError: (error) => notify(error.message || "Failed to set the phase.", "red"),
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
          Run the tasting
        </Text>
        <Text size="sm" c="dimmed">
          {current
            ? "Every phone shows the dram and phase you choose here, with the timer."
            : "Choose a dram to show it, its phase and a timer on top of every phone."}
        </Text>
      </div>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <NativeSelect
          label="Dram everyone is on"
          size="md"
          value={current ? String(pour) : ""}
          data={[
            ...(current ? [] : [{ value: "", label: "Choose a dram" }]),
            ...pours.map((n) => ({ value: String(n), label: `Dram ${n}` })),
          ]}
          onChange={(e) => {
            if (e.currentTarget.value) send({ pour: Number(e.currentTarget.value), phase: "pour" });
          }}
        />
        <NativeSelect
          label="Timer for each phase"
          size="md"
          value={timer}
          data={TIMERS}
          onChange={(e) => setTimer(e.currentTarget.value)}
        />
        {current ? (
          <Button
            variant="subtle"
            size="md"
            onClick={() => send({ pour: null, phase: null })}
            loading={set.isPending}
          >
            Stop phases
          </Button>
        ) : null}
      </Group>
      {current ? (
        <div>
          <Text id="phase-label" size="sm" fw={600} mb={4}>
            Phase of Dram {pour}: tap to move everyone on
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="phase-label"
            value={current.phase ?? ""}
            data={PHASE_NAMES.map((p) => ({ value: p, label: PHASE_LABEL[p] }))}
            onChange={(value) => send({ pour, phase: value as PhaseName })}
          />
        </div>
      ) : null}
    </Stack>
  );
}
