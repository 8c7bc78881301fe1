import { TextInput } from "@mantine/core";
import type { ThemeListItem } from "@club/shared";
import { EditTextDialog } from "../../components/EditTextDialog";
import { trpc } from "../../lib/trpc";

/** Rename a theme (its creator or an admin); the meetings that use it show the new name. */
export default function RenameThemeDialog({ theme, onClose }: { theme: ThemeListItem; onClose: () => void }) {
  return (
    <EditTextDialog
      title="Rename Theme"
      write={trpc.themes.update}
      edit={{ entity: "theme", id: theme.id, verb: "rename", field: "description", current: theme.name }}
      onClose={onClose}
    >
      {(field) => <TextInput label="Theme name" required data-autofocus {...field} />}
    </EditTextDialog>
  );
}
