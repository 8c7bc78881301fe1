import { Group, Progress, Text } from "@mantine/core";
import "@mantine/core/styles/Progress.css";
import type { LevelSource } from "@club/shared";
import { currentFormatLocale, useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

/** Red when nearly empty, amber when low, green otherwise. */
export const fillColor = (pct: number) => (pct <= 15 ? "red" : pct <= 40 ? "amber" : "green");

/**
 * An open bottle's fill level: a bar (a progressbar named "Fill level of <name>") with the percent,
 * and whether it is the estimate from the meeting pours or a member's reading.
 */
export function FillLevel({ name, pct, source }: { name: string; pct: number; source: LevelSource }) {
  const t = useT(commonMessages);
  // The language's percent ("45%", "45 %").
  const percent = new Intl.NumberFormat(currentFormatLocale(), { style: "percent" }).format(pct / 100);
  return (
    <div style={{ minWidth: 104 }}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text span fw={700} size="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
          {percent}
        </Text>
        <Text span size="xs" c="dimmed">
          {source === "reading" ? t("fill.measured") : t("fill.estimated")}
        </Text>
      </Group>
      <Progress
        value={pct}
        color={fillColor(pct)}
        size="md"
        radius="xl"
        mt={4}
        aria-label={t("fill.label", { name })}
      />
    </div>
  );
}
