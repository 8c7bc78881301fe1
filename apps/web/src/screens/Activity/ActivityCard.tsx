import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { UndoIcon } from "../../components/icons";
import type { ActivityItem } from "../../lib/undo";
import { useLanguage, useT } from "../../lib/i18n";
import { appLocale } from "../../lib/locale";
import { activityMessages, activityT } from "./activityMessages";
import { describeChange } from "./describeActivity";
import { who, type NameBook } from "./names";

/** "Jan 9, 2026, 7:04 PM" in en-US, the locale's date and time elsewhere; in the member's own time zone. */
export function formatWhen(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString(appLocale(), {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/**
 * One change as a card: who did what, when (and through which API token, when a script made it),
 * and Undo when the member may undo it.
 */
export function ActivityCard({
  entry,
  names,
  undoing,
  onUndo,
}: {
  entry: ActivityItem;
  names: NameBook;
  undoing: boolean;
  onUndo: (entry: ActivityItem) => void;
}) {
  const t = useT(activityMessages);
  const language = useLanguage();
  const sentence = describeChange(entry, names, language);
  const name = who(entry, activityT(language));
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="li"
      aria-label={t("card.label", { who: name, sentence })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            <Text span fw={700} fz="inherit">
              {name}
            </Text>{" "}
            {sentence}
          </Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed" component="time" dateTime={entry.at}>
              {formatWhen(entry.at)}
            </Text>
            {entry.viaToken ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {t("card.viaToken", { token: entry.viaToken })}
              </Text>
            ) : null}
            {entry.undone ? (
              <Badge size="sm" variant="light" color="gray" radius="sm">
                {t("card.undoneBadge")}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        {entry.undoable && !entry.undone ? (
          <Button
            variant="light"
            h={40}
            px="sm"
            leftSection={<UndoIcon />}
            loading={undoing}
            aria-label={t("card.undoLabel", { who: name, sentence })}
            onClick={() => onUndo(entry)}
            style={{ flexShrink: 0 }}
          >
            {t("card.undo")}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
