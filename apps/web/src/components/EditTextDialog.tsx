import { useState, type ChangeEvent, type ReactNode } from "react";
import { FormDialog } from "./FormDialog";

/**
 * A dialog that corrects one text (a comment, a theme's name): Save sends the trimmed text once it
 * is neither blank nor the current one. `children` renders the field from its value and onChange.
 */
export function EditTextDialog({
  title,
  size,
  current,
  write,
  save,
  onClose,
  children,
}: {
  title: string;
  size?: "md" | "lg";
  current: string;
  /** The dialog's write (useUndoableWrite): its failure and whether it is on its way. */
  write: { pending: boolean; failure: string | null };
  save: (text: string) => void;
  onClose: () => void;
  children: (field: {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  }) => ReactNode;
}) {
  const [text, setText] = useState(current);
  const trimmed = text.trim();
  return (
    <FormDialog
      title={title}
      size={size}
      onClose={onClose}
      onSubmit={() => save(trimmed)}
      errors={[write.failure]}
      canSubmit={trimmed !== "" && trimmed !== current}
      submitting={write.pending}
      submitLabel="Save"
    >
      {children({ value: text, onChange: (event) => setText(event.currentTarget.value) })}
    </FormDialog>
  );
}
