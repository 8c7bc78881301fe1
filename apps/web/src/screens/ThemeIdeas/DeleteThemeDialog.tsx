import type { ThemeListItem } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { themeMessages } from "./themeMessages";

/**
 * Delete a theme (its creator or an admin). The server refuses while a meeting uses it (409
 * THEME_IN_USE); its message says so and the dialog stays open.
 */
export default function DeleteThemeDialog({ theme, onClose }: { theme: ThemeListItem; onClose: () => void }) {
  const t = useT(themeMessages);
  return (
    <DeleteDialog entity="theme" id={theme.id} write={trpc.themes.delete} onClose={onClose}>
      {t("deleteQuestion", { name: theme.name })}
    </DeleteDialog>
  );
}
