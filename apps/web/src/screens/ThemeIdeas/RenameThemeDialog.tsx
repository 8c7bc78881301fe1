import { useState } from "react";
import { TextInput } from "@mantine/core";
import type { ThemeListItem } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { trpc } from "../../lib/trpc";
import { useUndoableWrite } from "../../lib/undoableWrite";

/** Rename a theme (its creator or an admin); the meetings that use it show the new name. */
export default function RenameThemeDialog({ theme, onClose }: { theme: ThemeListItem; onClose: () => void }) {
  const [description, setDescription] = useState(theme.name);
  const update = useUndoableWrite(trpc.themes.update, {
    entity: "theme",
    id: theme.id,
    verb: "rename",
    onDone: onClose,
  });
  const trimmed = description.trim();

  return (
    <FormDialog
      title="Rename Theme"
      onClose={onClose}
      onSubmit={() => update.mutate({ id: theme.id, description: trimmed })}
      errors={[update.failure]}
      canSubmit={trimmed !== "" && trimmed !== theme.name}
      submitting={update.pending}
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
