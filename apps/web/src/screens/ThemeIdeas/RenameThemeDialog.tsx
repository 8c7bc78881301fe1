import { useState } from "react";
import { TextInput } from "@mantine/core";
import type { ThemeListItem } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { failureMessage } from "../../lib/failure";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

/** Rename a theme (its creator or an admin); the meetings that use it show the new name. */
export default function RenameThemeDialog({ theme, onClose }: { theme: ThemeListItem; onClose: () => void }) {
  const [description, setDescription] = useState(theme.name);
  const update = trpc.themes.update.useMutation({
    onSuccess: useUndoableSave(
      "Theme renamed.",
      { entity: "theme", entityId: theme.id, action: "themes.update" },
      onClose,
    ),
  });
  const trimmed = description.trim();

  return (
    <FormDialog
      title="Rename Theme"
      onClose={onClose}
      onSubmit={() => update.mutate({ id: theme.id, description: trimmed })}
      errors={[update.isError && failureMessage(update.error, "Failed to rename the theme.")]}
      canSubmit={trimmed !== "" && trimmed !== theme.name}
      submitting={update.isPending}
      submitLabel="Save"
    >
      <TextInput
        label="Theme name"
        required
        data-autofocus
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
