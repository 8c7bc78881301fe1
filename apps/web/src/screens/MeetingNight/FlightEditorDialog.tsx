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
import { useT } from "../../lib/i18n";
import { listText, nightMessages } from "./nightMessages";

const NewBottleDialog = lazy(() => import("../LibraryBottles/NewBottleDialog"));

const fromFlight = (flight: readonly FlightPour[]): DraftPour[] =>
  flight.map((p) => ({
    bottleId: p.bottle?.id ?? 0,
    name: p.bottle?.name ?? p.label,
    pourMl: p.pourMl,
    label: p.label,
  }));

/** The remove button's sign (its name is its aria-label). */
const REMOVE_GLYPH = "✕";

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
  const t = useT(nightMessages);
  const n = index + 1;
  return (
    <li className={classes.pourEditor} aria-label={t("editor.pourLabel", { n, name: pour.name })}>
      <Text fw={600} className={classes.pourEditorName}>
        {/* Once scoring has started a pour's number is its own for good: the editor says which. */}
        {fixed
          ? t("editor.fixedName", { label: pour.label ?? t("editor.newPour"), name: pour.name })
          : t("editor.numberedName", { n, name: pour.name })}
      </Text>
      <Group gap={6} wrap="nowrap">
        <NumberInput
          aria-label={t("editor.sizeLabel", { n })}
          suffix={t("editor.mlSuffix")}
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
          aria-label={t("editor.moveUp", { name: pour.name })}
          disabled={fixed || index === 0}
          onClick={() => onChange((pours) => move(pours, index, -1))}
        >
          ↑
        </ActionIcon>
        <ActionIcon
          size={42}
          variant="default"
          aria-label={t("editor.moveDown", { name: pour.name })}
          disabled={fixed || index === count - 1}
          onClick={() => onChange((pours) => move(pours, index, 1))}
        >
          ↓
        </ActionIcon>
        <ActionIcon
          size={42}
          variant="light"
          color="red"
          aria-label={t("editor.remove", { name: pour.name })}
          onClick={() => onChange((pours) => removePour(pours, index))}
        >
          {REMOVE_GLYPH}
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
  const t = useT(nightMessages);
  const meetings = trpc.meetings.list.useQuery();
  const [from, setFrom] = useState("");
  const [mode, setMode] = useState<"replace" | "append" | null>(null);
  const copy = trpc.night.copyFlight.useMutation({
    onSuccess: onSaved(t("copy.done"), onCopied),
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
        {t("copy.title")}
      </Title>
      <NativeSelect
        label={t("copy.past")}
        size="md"
        value={from}
        onChange={(event) => setFrom(event.currentTarget.value)}
        data={[
          { value: "", label: meetings.isPending ? t("copy.loading") : t("copy.choose") },
          ...past.map((m) => ({
            value: String(m.id),
            label: t("copy.option", { date: formatDate(m.date), theme: m.theme }),
          })),
        ]}
      />
      {saved > 0 ? (
        <div>
          <Text id="copy-mode-label" size="sm" fw={600} mb={4}>
            {t("copy.mode", { count: saved })}
          </Text>
          <SegmentedControl
            aria-labelledby="copy-mode-label"
            className={classes.segmented}
            data={[
              { value: "replace", label: t("copy.replace") },
              { value: "append", label: t("copy.append") },
            ]}
            value={mode ?? ""}
            onChange={(value) => setMode(value as "replace" | "append")}
          />
          {mode === "replace" ? (
            <Text size="sm" c="red" mt={4}>
              {t("copy.replaceWarning")}
            </Text>
          ) : null}
        </div>
      ) : null}
      {copy.isError ? <ErrorAlert message={copy.error.message || t("copy.failed")} /> : null}
      <Button
        type="submit"
        size="md"
        variant="light"
        w="fit-content"
        loading={copy.isPending}
        disabled={!from || !chosenMode}
      >
        {t("copy.submit")}
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
  const t = useT(nightMessages);
  const options = trpc.bottles.options.useQuery();
  const results = trpc.night.results.useQuery({ id });
  const scoresOf = new Map((results.data ?? []).map((r) => [r.bottle?.id, r.count]));
  const fixed = (results.data ?? []).some((r) => r.count > 0);
  const [pours, setPours] = useState(() => fromFlight(flight));
  const [chosen, setChosen] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const save = trpc.night.setFlight.useMutation({
    onSuccess: onSaved(t("editor.saved"), onClose),
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
      <Modal opened={!creating} onClose={onClose} title={t("editor.title")} size="lg">
        <Stack>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <MultiSelect
              label={t("editor.addLabel")}
              placeholder={options.isPending ? t("editor.loading") : t("editor.choose")}
              data={data}
              value={chosen}
              onChange={setChosen}
              searchable
              hidePickedOptions
              nothingFoundMessage={t("editor.noMatch")}
              style={{ flex: "1 1 240px" }}
              size="md"
            />
            <Button size="md" onClick={addChosen} disabled={chosen.length === 0}>
              {t("editor.add")}
            </Button>
          </Group>
          <Button
            size="md"
            variant="subtle"
            leftSection={<PlusIcon />}
            onClick={() => setCreating(true)}
            w="fit-content"
          >
            {t("editor.newBottle")}
          </Button>
          {pours.length === 0 ? (
            <Text c="dimmed">{t("editor.empty")}</Text>
          ) : (
            <ol className={classes.pourEditorList} aria-label={t("editor.listLabel")}>
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
              {t("editor.fixed")}
            </Text>
          ) : null}
          {removed.length > 0 ? (
            <Text size="sm" c="red" role="status">
              {removedScores > 0
                ? t("editor.takesOutScores", {
                    pours: listText(removed.map((p) => p.label)),
                    count: removedScores,
                  })
                : t("editor.takesOut", { pours: listText(removed.map((p) => p.label)) })}
            </Text>
          ) : null}
          {save.isError ? <ErrorAlert message={save.error.message || t("editor.saveFailed")} /> : null}
          <CopyFlight id={id} saved={flight.length} onCopied={onClose} />
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              {t("editor.cancel")}
            </Button>
            <Button
              size="md"
              loading={save.isPending}
              onClick={() => save.mutate(toFlightInput(id, toSave()))}
            >
              {t("editor.save")}
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
