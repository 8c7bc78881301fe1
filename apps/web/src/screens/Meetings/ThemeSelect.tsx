import { Select, type SelectProps } from "@mantine/core";
import "../../styles/combobox";
import type { ThemeListItem } from "@club/shared";

/**
 * A meeting's theme (required), searchable, from the themes list: the Add Meeting and Edit Meeting
 * dialogs. The dialog owns the list's query (its failure is one of the dialog's errors).
 */
export function ThemeSelect({
  themes,
  ...props
}: { themes: { isPending: boolean; data?: ThemeListItem[] } } & SelectProps) {
  return (
    <Select
      label="Theme"
      required
      placeholder={themes.isPending ? "Loading themes…" : "Choose a theme"}
      disabled={themes.isPending}
      searchable
      nothingFoundMessage="No matching theme"
      data={(themes.data ?? []).map((theme) => ({ value: String(theme.id), label: theme.name }))}
      {...props}
    />
  );
}
