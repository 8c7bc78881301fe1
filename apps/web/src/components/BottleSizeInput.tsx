import { NumberInput, type NumberInputProps } from "@mantine/core";
import "../styles/numberInput";
import { BOTTLE_ML_MAX, BOTTLE_ML_MIN } from "@club/shared";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

/** A bottle's size in ml, in steps of 50 (whole numbers; out of range is the form's error, not clamped). */
export function BottleSizeInput(props: NumberInputProps) {
  const t = useT(commonMessages);
  return (
    <NumberInput
      label={t("bottleSize")}
      min={BOTTLE_ML_MIN}
      max={BOTTLE_ML_MAX}
      clampBehavior="none"
      allowDecimal={false}
      step={50}
      {...props}
    />
  );
}
