import { useState } from "react";
import { TextInput } from "@mantine/core";
import { Messages } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { failure } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

/** Add New Theme (members). docs/product.md: no client check on an empty name; the server decides. */
export default function AddThemeDialog({ onClose }: { onClose: () => void }) {
  const [description, setDescription] = useState("");
  const create = trpc.themes.create.useMutation({
    onSuccess: useUndoableSave(
      "Theme added.",
      (created) => ({ entity: "theme", entityId: created.id, action: "themes.create" }),
      onClose,
    ),
  });

  return (
    <FormDialog
      title="Add New Theme"
      onClose={onClose}
      onSubmit={() => create.mutate({ id: 0, description })}
      errors={[failure(Messages.addTheme, create.error)]}
      submitting={create.isPending}
    >
      <TextInput
        label="Theme name"
        placeholder="e.g. Islay peat monsters"
        data-autofocus
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
