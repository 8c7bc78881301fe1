import { Select, type SelectProps } from "@mantine/core";
import "../../styles/combobox";
import type { ThemeListItem } from "@club/shared";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "../MeetingDetails/meetingMessages";

/**
 * A meeting's theme (required), searchable, from the themes list: the Add Meeting and Edit Meeting
 * dialogs. The dialog owns the list's query (its failure is one of the dialog's errors).
 */
export function ThemeSelect({
  themes,
  ...props
}: { themes: { isPending: boolean; data?: ThemeListItem[] } } & SelectProps) {
  const t = useT(meetingMessages);
  return (
    <Select
      label={t("form.theme")}
      required
      placeholder={themes.isPending ? t("form.loadingThemes") : t("form.chooseTheme")}
      disabled={themes.isPending}
      searchable
      nothingFoundMessage={t("form.noTheme")}
      data={(themes.data ?? []).map((theme) => ({ value: String(theme.id), label: theme.name }))}
      {...props}
    />
  );
}
