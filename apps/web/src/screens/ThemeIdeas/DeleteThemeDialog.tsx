import type { ThemeListItem } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { failureMessage } from "../../lib/failure";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

/**
 * Delete a theme (its creator or an admin). The server refuses while a meeting uses it (409
 * THEME_IN_USE); its message says so and the dialog stays open.
 */
export default function DeleteThemeDialog({ theme, onClose }: { theme: ThemeListItem; onClose: () => void }) {
  const remove = trpc.themes.delete.useMutation({
    onSuccess: useUndoableSave(
      "Theme deleted.",
      { entity: "theme", entityId: theme.id, action: "themes.delete" },
      onClose,
    ),
  });

  return (
    <ConfirmDialog
      title="Delete Theme"
      confirmLabel="Delete theme"
      onConfirm={() => remove.mutate({ id: theme.id })}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.isError ? failureMessage(remove.error, "Failed to delete the theme.") : null}
    >
      Delete the theme “{theme.name}”? You can undo it right after.
    </ConfirmDialog>
  );
}
