import { useState } from "react";
import { Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  FLAVOUR_TAGS,
  SCORE_PART_MAX,
  SCORE_PARTS,
  type FlavourTag,
  type Guest,
  type MyScore,
  type ScorePart,
} from "@club/shared";
import { ErrorAlert, LoadError, PageLoader } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import classes from "./GuestInviteDialog.module.css";
import { nightMessages } from "./nightMessages";
import { partLabel } from "./resultsView";

type Draft = Record<ScorePart, number | ""> & { note: string };

const draftOf = (score: MyScore | undefined): Draft => ({
  nose: score?.nose ?? "",
  palate: score?.palate ?? "",
  finish: score?.finish ?? "",
  balance: score?.balance ?? "",
  note: score?.note ?? "",
});

/** One pour of the paper sheet: the four parts and the note, saved with its own button. */
function PourScore({
  meetingId,
  guest,
  pour,
  label,
  saved,
}: {
  meetingId: number;
  guest: Guest;
  pour: number;
  label: string;
  saved: MyScore | undefined;
}) {
  const t = useT(nightMessages);
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const save = trpc.guests.setScore.useMutation({
    onSuccess: () => utils.guests.scores.invalidate({ id: meetingId, guestId: guest.id }),
  });
  const complete = SCORE_PARTS.every((part) => draft[part] !== "");
  const total = complete ? SCORE_PARTS.reduce((sum, part) => sum + Number(draft[part]), 0) : null;
  const unchanged =
    saved !== undefined &&
    SCORE_PARTS.every((part) => draft[part] === saved[part]) &&
    draft.note === saved.note;

  return (
    <Stack
      gap={6}
      component="form"
      className={classes.pourSheet}
      aria-label={t("paperScores.formLabel", { name: guest.firstName, label })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete) return;
        save.mutate({
          id: meetingId,
          guestId: guest.id,
          pour,
          nose: Number(draft.nose),
          palate: Number(draft.palate),
          finish: Number(draft.finish),
          balance: Number(draft.balance),
          note: draft.note,
          // What the host cannot type in from paper stays as it was.
          tags: (saved?.tags ?? []).filter((tag): tag is FlavourTag =>
            (FLAVOUR_TAGS as readonly string[]).includes(tag),
          ),
          guess: saved?.guess ?? null,
        });
      }}
    >
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{label}</Text>
        <Text size="sm" c="dimmed">
          {total === null
            ? t("paperScores.outOf", { total: SCORE_PART_MAX * 4 })
            : t("paperScores.total", { total })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {SCORE_PARTS.map((part) => (
          <NumberInput
            key={part}
            label={partLabel(part)}
            min={0}
            max={SCORE_PART_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            hideControls
            inputMode="numeric"
            value={draft[part]}
            onChange={(value) => setDraft({ ...draft, [part]: typeof value === "number" ? value : "" })}
          />
        ))}
      </SimpleGrid>
      <TextInput
        label={t("score.note")}
        value={draft.note}
        maxLength={1000}
        onChange={(event) => setDraft({ ...draft, note: event.currentTarget.value })}
      />
      {save.isError ? <ErrorAlert message={save.error.message} /> : null}
      <Group justify="flex-end" gap="xs">
        {unchanged && !save.isPending ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("score.savedShort")}
          </Text>
        ) : null}
        <Button type="submit" variant="light" disabled={!complete || unchanged} loading={save.isPending}>
          {t("paperScores.save", { label })}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The host types in a guest's paper sheet, pour by pour, with the same rules as the
 * guest's own scores: each part 0-25, until the host closes scoring. The pours are "Dram N" as on
 * the sheet.
 */
export function PaperScores({ meetingId, guest }: { meetingId: number; guest: Guest }) {
  const t = useT(nightMessages);
  const flight = trpc.night.flight.useQuery({ id: meetingId });
  const scores = trpc.guests.scores.useQuery({ id: meetingId, guestId: guest.id });
  if (flight.isPending || scores.isPending) return <PageLoader py={16} />;
  if (flight.isError || scores.isError) return <LoadError message={t("paperScores.failed")} />;
  if (flight.data.length === 0) return <Text c="dimmed">{t("flight.empty")}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("paperScores.intro", { max: SCORE_PART_MAX, name: guest.firstName })}
      </Text>
      {flight.data.map((pour) => (
        <PourScore
          key={pour.pour}
          meetingId={meetingId}
          guest={guest}
          pour={pour.pour}
          label={pour.label}
          saved={scores.data.find((s) => s.pour === pour.pour)}
        />
      ))}
    </Stack>
  );
}
