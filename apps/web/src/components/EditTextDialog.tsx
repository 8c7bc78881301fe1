import { useState, type ChangeEvent, type ReactNode } from "react";
import {
  useUndoableWrite,
  type UndoableWriteOptions,
  type UndoableWriteProcedure,
} from "../lib/undoableWrite";
import { FormDialog } from "./FormDialog";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

/**
 * A dialog that corrects one text (a comment, a theme's name) with an undoable write. `edit` says
 * what it corrects: the thing (`entity`, `id`), the write's input field that holds the text
 * (`field`) and its `current` value, and how the toast says it (`verb: "rename"`: "Theme renamed."
 * and "Failed to rename the theme.", useUndoableWrite's words). Save sends `{ id, [field]: text }`,
 * the text trimmed, once it is neither blank nor the current one. `children` renders the field
 * from its value and onChange.
 */
export function EditTextDialog<F extends string>({
  title,
  size,
  write,
  edit: { field, current, ...undoable },
  onClose,
  children,
}: {
  title: string;
  size?: "md" | "lg";
  /** A tRPC write procedure taking the thing's id and the text (`trpc.themes.update`). */
  write: UndoableWriteProcedure<{ id: number } & Record<F, string>>;
  edit: Omit<UndoableWriteOptions, "onDone"> & { field: F; current: string };
  onClose: () => void;
  children: (field: {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  }) => ReactNode;
}) {
  const t = useT(commonMessages);
  const [text, setText] = useState(current);
  const trimmed = text.trim();
  const save = useUndoableWrite(write, { ...undoable, onDone: onClose });
  return (
    <FormDialog
      title={title}
      size={size}
      onClose={onClose}
      onSubmit={() =>
        save.mutate({ id: undoable.id, [field]: trimmed } as { id: number } & Record<F, string>)
      }
      errors={[save.failure]}
      canSubmit={trimmed !== "" && trimmed !== current}
      submitting={save.pending}
      submitLabel={t("save")}
    >
      {children({ value: text, onChange: (event) => setText(event.currentTarget.value) })}
    </FormDialog>
  );
}
