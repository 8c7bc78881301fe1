import type { ThemeListItem } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { trpc } from "../../lib/trpc";

/**
 * Delete a theme (its creator or an admin). The server refuses while a meeting uses it (409
 * THEME_IN_USE); its message says so and the dialog stays open.
 */
export default function DeleteThemeDialog({ theme, onClose }: { theme: ThemeListItem; onClose: () => void }) {
  return (
    <DeleteDialog entity="theme" id={theme.id} write={trpc.themes.delete} onClose={onClose}>
      Delete the theme “{theme.name}”? You can undo it right after.
    </DeleteDialog>
  );
}
