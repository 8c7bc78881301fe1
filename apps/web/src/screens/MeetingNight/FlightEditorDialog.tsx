import { lazy, useState } from "react";
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import "../../styles/nativeSelect";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import "../../styles/combobox";
import "../../styles/modal";
import "../../styles/numberInput";
import { DEFAULT_POUR_ML, type FlightPour } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { PlusIcon } from "../../components/icons";
import { formatDate, numberInputValue } from "../../lib/format";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { addPours, move, removePour, toFlightInput, type DraftPour } from "./flightOrder";
import classes from "./MeetingNight.module.css";
import { useReturnFocus } from "../../lib/returnFocus";
import { Later } from "../../components/Later";

const NewBottleDialog = lazy(() => import("../LibraryBottles/NewBottleDialog"));

const fromFlight = (flight: readonly FlightPour[]): DraftPour[] =>
  flight.map((p) => ({
    bottleId: p.bottle?.id ?? 0,
    name: p.bottle?.name ?? p.label,
    pourMl: p.pourMl,
    label: p.label,
  }));

function PourEditor({
  pour,
  index,
  count,
  fixed,
  onChange,
}: {
  pour: DraftPour;
  index: number;
  count: number;
  /** Scoring has started: the drams keep their numbers (no moving). */
  fixed: boolean;
  onChange: (next: (pours: DraftPour[]) => DraftPour[]) => void;
}) {
  const n = index + 1;
  return (
    <li className={classes.pourEditor} aria-label={`Pour ${n}: ${pour.name}`}>
      <Text fw={600} className={classes.pourEditorName}>
        {/* Once scoring has started a pour's number is its own for good: the editor says which. */}
        {fixed ? `${pour.label ?? "New pour"}: ` : `${n}. `}
        {pour.name}
      </Text>
      <Group gap={6} wrap="nowrap">
        <NumberInput
          aria-label={`Pour ${n} size in ml`}
          suffix=" ml"
          min={5}
          max={200}
          allowDecimal={false}
          hideControls
          inputMode="numeric"
          w={80}
          size="md"
          value={pour.pourMl}
          onChange={(value) =>
            onChange((pours) =>
              pours.map((p, i) =>
                i === index ? { ...p, pourMl: numberInputValue(value) ?? DEFAULT_POUR_ML } : p,
              ),
            )
          }
        />
        <ActionIcon
          size={42}
          variant="default"
          aria-label={`Move ${pour.name} up`}
          disabled={fixed || index === 0}
          onClick={() => onChange((pours) => move(pours, index, -1))}
        >
          ↑
        </ActionIcon>
        <ActionIcon
          size={42}
          variant="default"
          aria-label={`Move ${pour.name} down`}
          disabled={fixed || index === count - 1}
          onClick={() => onChange((pours) => move(pours, index, 1))}
        >
          ↓
        </ActionIcon>
        <ActionIcon
          size={42}
          variant="light"
          color="red"
          aria-label={`Remove ${pour.name}`}
          onClick={() => onChange((pours) => removePour(pours, index))}
        >
          ✕
        </ActionIcon>
      </Group>
    </li>
  );
}

/**
 * "Copy the flight of a past meeting": its pours, in order, replace this flight or are
 * added to its end; when the flight has pours, the host chooses which before copying.
 */
function CopyFlight({ id, saved, onCopied }: { id: number; saved: number; onCopied: () => void }) {
  const meetings = trpc.meetings.list.useQuery();
  const [from, setFrom] = useState("");
  const [mode, setMode] = useState<"replace" | "append" | null>(null);
  const copy = trpc.night.copyFlight.useMutation({
    onSuccess: onSaved("Flight copied.", onCopied),
  });
  const here = meetings.data?.find((m) => m.id === id);
  const past = (meetings.data ?? []).filter((m) => m.id !== id && (!here || m.date < here.date));
  const chosenMode = saved === 0 ? "append" : mode;
  return (
    <Stack
      gap="xs"
      component="form"
      aria-labelledby="copy-flight-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (from && chosenMode) copy.mutate({ id, fromMeetingId: Number(from), mode: chosenMode });
      }}
    >
      <Title order={3} size="h5" id="copy-flight-title">
        Copy the flight of a past meeting
      </Title>
      <NativeSelect
        label="Past meeting"
        size="md"
        value={from}
        onChange={(event) => setFrom(event.currentTarget.value)}
        data={[
          { value: "", label: meetings.isPending ? "Loading meetings…" : "Choose a meeting" },
          ...past.map((m) => ({ value: String(m.id), label: `${formatDate(m.date)} · ${m.theme}` })),
        ]}
      />
      {saved > 0 ? (
        <div>
          <Text id="copy-mode-label" size="sm" fw={600} mb={4}>
            This flight has {saved === 1 ? "1 pour" : `${saved} pours`}: replace them, or add the copied pours
            after them?
          </Text>
          <SegmentedControl
            aria-labelledby="copy-mode-label"
            className={classes.segmented}
            data={[
              { value: "replace", label: "Replace" },
              { value: "append", label: "Add after" },
            ]}
            value={mode ?? ""}
            onChange={(value) => setMode(value as "replace" | "append")}
          />
          {mode === "replace" ? (
            <Text size="sm" c="red" mt={4}>
              A pour taken out takes its members&apos; scores with it.
            </Text>
          ) : null}
        </div>
      ) : null}
      {copy.isError ? <ErrorAlert message={copy.error.message || "Failed to copy the flight."} /> : null}
      <Button
        type="submit"
        size="md"
        variant="light"
        w="fit-content"
        loading={copy.isPending}
        disabled={!from || !chosenMode}
      >
        Copy flight
      </Button>
    </Stack>
  );
}

/**
 * The line-up (host or admin): pick several library bottles at once, order them with up/down,
 * set each pour's size (25 ml by default), or create a new bottle without leaving the meeting.
 */
export default function FlightEditorDialog({
  id,
  flight,
  onClose,
}: {
  id: number;
  flight: readonly FlightPour[];
  onClose: () => void;
}) {
  useReturnFocus();
  const options = trpc.bottles.options.useQuery();
  const results = trpc.night.results.useQuery({ id });
  const scoresOf = new Map((results.data ?? []).map((r) => [r.bottle?.id, r.count]));
  const fixed = (results.data ?? []).some((r) => r.count > 0);
  const [pours, setPours] = useState(() => fromFlight(flight));
  const [chosen, setChosen] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const save = trpc.night.setFlight.useMutation({
    onSuccess: onSaved("Flight saved.", onClose),
  });
  const names = new Map((options.data ?? []).map((b) => [b.id, b.name]));
  const inFlight = new Set(pours.map((p) => p.bottleId));
  const data = (options.data ?? [])
    .filter((b) => !inFlight.has(b.id))
    .map((b) => ({ value: String(b.id), label: b.name }));
  const addChosen = () => {
    setPours((current) =>
      addPours(
        current,
        chosen.map((v) => ({ id: Number(v), name: names.get(Number(v)) ?? v })),
      ),
    );
    setChosen([]);
  };
  const removed = flight.filter((p) => p.bottle && !inFlight.has(p.bottle.id));
  const removedScores = removed.reduce((sum, p) => sum + (scoresOf.get(p.bottle?.id) ?? 0), 0);
  // What is picked is what is saved: bottles chosen but not yet added go at the end.
  const toSave = () =>
    addPours(
      pours,
      chosen.map((v) => ({ id: Number(v), name: names.get(Number(v)) ?? v })),
    );

  return (
    <>
      <Modal opened={!creating} onClose={onClose} title="Edit flight" size="lg">
        <Stack>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <MultiSelect
              label="Add bottles from the library"
              placeholder={options.isPending ? "Loading bottles…" : "Choose one or more"}
              data={data}
              value={chosen}
              onChange={setChosen}
              searchable
              hidePickedOptions
              nothingFoundMessage="No matching bottle"
              style={{ flex: "1 1 240px" }}
              size="md"
            />
            <Button size="md" onClick={addChosen} disabled={chosen.length === 0}>
              Add to flight
            </Button>
          </Group>
          <Button
            size="md"
            variant="subtle"
            leftSection={<PlusIcon />}
            onClick={() => setCreating(true)}
            w="fit-content"
          >
            New bottle
          </Button>
          {pours.length === 0 ? (
            <Text c="dimmed">No pours yet: add bottles above.</Text>
          ) : (
            <ol className={classes.pourEditorList} aria-label="Pours in order">
              {pours.map((pour, index) => (
                <PourEditor
                  key={pour.bottleId}
                  pour={pour}
                  index={index}
                  count={pours.length}
                  fixed={fixed}
                  onChange={setPours}
                />
              ))}
            </ol>
          )}
          {fixed ? (
            <Text size="sm" c="dimmed">
              Scoring has started: the drams keep their numbers, and new bottles follow the last.
            </Text>
          ) : null}
          {removed.length > 0 ? (
            <Text size="sm" c="red" role="status">
              {removedScores > 0
                ? `Saving takes ${removed.map((p) => p.label).join(", ")} out with ${removedScores === 1 ? "its score" : `${removedScores} scores`}.`
                : `Saving takes ${removed.map((p) => p.label).join(", ")} out.`}
            </Text>
          ) : null}
          {save.isError ? <ErrorAlert message={save.error.message || "Failed to save the flight."} /> : null}
          <CopyFlight id={id} saved={flight.length} onCopied={onClose} />
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <Button
              size="md"
              loading={save.isPending}
              onClick={() => save.mutate(toFlightInput(id, toSave()))}
            >
              Save flight
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Later when={creating}>
        <NewBottleDialog
          onClose={() => setCreating(false)}
          onCreated={(bottle) => setPours((current) => addPours(current, [bottle]))}
        />
      </Later>
    </>
  );
}
