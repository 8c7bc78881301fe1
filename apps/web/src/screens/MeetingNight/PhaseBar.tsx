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

/** Seconds left until `endsAt` (null without a timer), ticking every second. */
export function useSecondsLeft(endsAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  if (endsAt === null) return null;
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Where the host has the room (issue 26): the current pour and phase on top of every phone, with
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

/** The host's controls: pour, phase, timer; "Stop phases" turns them off. */
export function PhaseControls({ night, pours }: { night: MeetingNight; pours: number }) {
  const utils = trpc.useUtils();
  const set = trpc.night.phase.useMutation({
    onSuccess: () => utils.night.get.invalidate({ id: night.id }),
    onError: (error) => notify(error.message || "Failed to set the phase.", "red"),
  });
  const [timer, setTimer] = useState("");
  const current = night.phase;
  const pour = current?.pour ?? 1;
  if (pours === 0) return null;
  const send = (next: { pour: number | null; phase: PhaseName | null }) =>
    set.mutate({ id: night.id, ...next, ...(timer && next.phase ? { seconds: Number(timer) } : {}) });
  return (
    <Stack gap="xs" className={classes.controls}>
      <Group gap="xs" wrap="wrap">
        <NativeSelect
          aria-label="Current pour"
          value={String(pour)}
          data={Array.from({ length: pours }, (_, i) => ({ value: String(i + 1), label: `Dram ${i + 1}` }))}
          onChange={(e) => send({ pour: Number(e.currentTarget.value), phase: "pour" })}
        />
        <NativeSelect
          aria-label="Timer"
          value={timer}
          data={TIMERS}
          onChange={(e) => setTimer(e.currentTarget.value)}
        />
        {current ? (
          <Button variant="subtle" onClick={() => send({ pour: null, phase: null })} loading={set.isPending}>
            Stop phases
          </Button>
        ) : null}
      </Group>
      <SegmentedControl
        fullWidth
        aria-label="Phase"
        value={current?.phase ?? ""}
        data={PHASE_NAMES.map((p) => ({ value: p, label: PHASE_LABEL[p] }))}
        onChange={(value) => send({ pour, phase: value as PhaseName })}
      />
    </Stack>
  );
}
