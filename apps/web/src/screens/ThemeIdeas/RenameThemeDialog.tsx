import { TextInput } from "@mantine/core";
import type { ThemeListItem } from "@club/shared";
import { EditTextDialog } from "../../components/EditTextDialog";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { themeMessages } from "./themeMessages";

/** Rename a theme (its creator or an admin); the meetings that use it show the new name. */
export default function RenameThemeDialog({ theme, onClose }: { theme: ThemeListItem; onClose: () => void }) {
  const t = useT(themeMessages);
  return (
    <EditTextDialog
      title={t("renameTitle")}
      write={trpc.themes.update}
      edit={{ entity: "theme", id: theme.id, verb: "rename", field: "description", current: theme.name }}
      onClose={onClose}
    >
      {(field) => <TextInput label={t("nameLabel")} required data-autofocus {...field} />}
    </EditTextDialog>
  );
}
