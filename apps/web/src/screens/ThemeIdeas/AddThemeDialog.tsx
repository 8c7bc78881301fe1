import { useState } from "react";
import { TextInput } from "@mantine/core";
import { Messages } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { failure } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import { useT } from "../../lib/i18n";
import { themeMessages } from "./themeMessages";

/** Add New Theme (members). docs/product.md: no client check on an empty name; the server decides. */
export default function AddThemeDialog({ onClose }: { onClose: () => void }) {
  const t = useT(themeMessages);
  const [description, setDescription] = useState("");
  const create = trpc.themes.create.useMutation({
    onSuccess: useUndoableSave(
      t("added"),
      (created) => ({ entity: "theme", entityId: created.id, action: "themes.create" }),
      onClose,
    ),
  });

  return (
    <FormDialog
      title={t("add")}
      onClose={onClose}
      onSubmit={() => create.mutate({ id: 0, description })}
      errors={[failure(Messages.addTheme, create.error)]}
      submitting={create.isPending}
    >
      <TextInput
        label={t("nameLabel")}
        placeholder={t("namePlaceholder")}
        data-autofocus
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
