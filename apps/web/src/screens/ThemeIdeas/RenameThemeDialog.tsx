import { TextInput } from "@mantine/core";
import type { ThemeListItem } from "@club/shared";
import { EditTextDialog } from "../../components/EditTextDialog";
import { trpc } from "../../lib/trpc";
import { useUndoableWrite } from "../../lib/undoableWrite";

/** Rename a theme (its creator or an admin); the meetings that use it show the new name. */
export default function RenameThemeDialog({ theme, onClose }: { theme: ThemeListItem; onClose: () => void }) {
  const update = useUndoableWrite(trpc.themes.update, {
    entity: "theme",
    id: theme.id,
    verb: "rename",
    onDone: onClose,
  });
  return (
    <EditTextDialog
      title="Rename Theme"
      current={theme.name}
      write={update}
      save={(text) => update.mutate({ id: theme.id, description: text })}
      onClose={onClose}
    >
      {(field) => <TextInput label="Theme name" required data-autofocus {...field} />}
    </EditTextDialog>
  );
}
