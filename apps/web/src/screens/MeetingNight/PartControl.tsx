import { ActionIcon, Group, Slider, Text } from "@mantine/core";
import { SCORE_PART_MAX, SCORE_PARTS, type ScorePart } from "@club/shared";
import { clampPart } from "./scoreDraft";
import { useT } from "../../lib/i18n";
import { nightMessages } from "./nightMessages";
import { partLabel } from "./resultsView";
import classes from "./ScorePage.module.css";

/** One part of the score (0-25): large minus and plus buttons, the value, and a slider for big moves. */
export function PartControl({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const t = useT(nightMessages);
  return (
    <div className={classes.part} role="group" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} fz="lg" className={classes.partLabel}>
          {label}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            size={48}
            radius="xl"
            variant="default"
            aria-label={t("part.less", { part: label })}
            disabled={disabled || value <= 0}
            onClick={() => onChange(clampPart(value - 1))}
          >
            <span className={classes.sign}>−</span>
          </ActionIcon>
          <Text className={classes.partValue} aria-hidden="true">
            {value}
          </Text>
          <ActionIcon
            size={48}
            radius="xl"
            variant="default"
            aria-label={t("part.more", { part: label })}
            disabled={disabled || value >= SCORE_PART_MAX}
            onClick={() => onChange(clampPart(value + 1))}
          >
            <span className={classes.sign}>+</span>
          </ActionIcon>
        </Group>
      </Group>
      <Slider
        className={classes.slider}
        min={0}
        max={SCORE_PART_MAX}
        step={1}
        size="lg"
        thumbSize={34}
        value={value}
        onChange={(v) => onChange(clampPart(v))}
        disabled={disabled}
        label={null}
        thumbLabel={label}
        marks={[{ value: 0 }, { value: 5 }, { value: 10 }, { value: 15 }, { value: 20 }, { value: 25 }]}
      />
    </div>
  );
}

/** A sheet's four parts (the member's and the guest's), each a PartControl; a change names its part. */
export function PartControls({
  values,
  disabled,
  onChange,
}: {
  values: Record<ScorePart, number>;
  disabled: boolean;
  onChange: (change: Partial<Record<ScorePart, number>>) => void;
}) {
  return SCORE_PARTS.map((part) => (
    <PartControl
      key={part}
      label={partLabel(part)}
      value={values[part]}
      disabled={disabled}
      onChange={(value) => onChange({ [part]: value })}
    />
  ));
}
