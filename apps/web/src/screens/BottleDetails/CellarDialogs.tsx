import { useState } from "react";
import { NumberInput, Slider, Text, TextInput } from "@mantine/core";
import "@mantine/core/styles/Slider.css";
import "../../styles/numberInput";
import { CellarMessages, FillLevelSchema, type BottleDetailInstance } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { formatDate, numberInputValue, today } from "../../lib/format";
import { openedDateProblem } from "../../lib/cellarRules";
import { trpc } from "../../lib/trpc";
import { useUndoableWrite } from "../../lib/undoableWrite";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";
import { firstIssueText, validationText } from "../../lib/validationText";

interface Props {
  instance: BottleDetailInstance;
  onClose: () => void;
}

/** "Open it": the purchase is opened today, or on the date the member picks (any member). */
export function OpenInstanceDialog({ instance, onClose }: Props) {
  const t = useT(bottleMessages);
  const [date, setDate] = useState(today);
  const [dateError, setDateError] = useState<string | null>(null);
  const open = useUndoableWrite(trpc.cellar.open, {
    entity: "instance",
    id: instance.id,
    verb: "open",
    what: "bottle",
    onDone: onClose,
  });

  return (
    <FormDialog
      title={t("openTitle")}
      onClose={onClose}
      onSubmit={() => {
        const problem = openedDateProblem(date, instance.datePurchased);
        if (problem) {
          setDateError(problem);
          return;
        }
        open.mutate({ id: instance.id, openedDate: date });
      }}
      errors={[open.failure]}
      submitting={open.pending}
      submitLabel={t("openIt")}
    >
      <Text size="sm">{t("openText", { date: formatDate(instance.datePurchased) })}</Text>
      <TextInput
        type="date"
        label={t("dateOpened")}
        required
        min={instance.datePurchased}
        max={today()}
        value={date}
        error={dateError}
        data-autofocus
        onChange={(event) => {
          setDate(event.currentTarget.value);
          setDateError(null);
        }}
      />
    </FormDialog>
  );
}

/** "Set level": a member's reading of the bottle's fill level, as of today (any member). */
export function SetLevelDialog({ instance, onClose }: Props) {
  const t = useT(bottleMessages);
  const [level, setLevel] = useState<number | string>(instance.fillLevelPct ?? 100);
  const [levelError, setLevelError] = useState<string | null>(null);
  // The field and the slider set the same reading; a new reading clears the problem shown.
  const changeLevel = (next: number | string) => {
    setLevel(next);
    setLevelError(null);
  };
  const save = useUndoableWrite(trpc.cellar.setLevel, {
    entity: "instance",
    id: instance.id,
    verb: "save",
    what: "fill level",
    onDone: onClose,
  });
  const value = numberInputValue(level);

  return (
    <FormDialog
      title={t("levelTitle")}
      onClose={onClose}
      onSubmit={() => {
        const parsed = FillLevelSchema.safeParse(value ?? Number.NaN);
        if (!parsed.success) {
          setLevelError(firstIssueText(parsed.error) ?? validationText(CellarMessages.fillLevel));
          return;
        }
        save.mutate({ id: instance.id, levelPct: parsed.data });
      }}
      errors={[save.failure]}
      canSubmit={value !== null}
      submitting={save.pending}
      submitLabel={t("levelSubmit")}
    >
      <Text size="sm">{t("levelText")}</Text>
      <NumberInput
        label={t("levelLabel")}
        min={0}
        max={100}
        clampBehavior="none"
        allowDecimal={false}
        suffix="%"
        value={level}
        error={levelError}
        data-autofocus
        onChange={changeLevel}
      />
      <Slider
        min={0}
        max={100}
        step={5}
        size="lg"
        thumbSize={28}
        mb="md"
        value={value ?? 0}
        onChange={changeLevel}
        thumbLabel={t("levelThumb")}
        label={(v) => t("percent", { value: v })}
        marks={[0, 50, 100].map((value) => ({ value, label: t("percent", { value }) }))}
      />
    </FormDialog>
  );
}
