import { useState, type ChangeEvent, type ReactNode } from "react";
import {
  useUndoableWrite,
  type UndoableWriteOptions,
  type UndoableWriteProcedure,
} from "../lib/undoableWrite";
import { FormDialog } from "./FormDialog";

/**
 * A dialog that corrects one text (a comment, a theme's name) with an undoable write: Save sends
 * the trimmed text (`input` makes the write's input of it) once it is neither blank nor the
 * current one; the toast, its Undo and the failure words are useUndoableWrite's (`undoable`:
 * `verb: "rename"` says "Theme renamed." and "Failed to rename the theme."). `children` renders
 * the field from its value and onChange.
 */
export function EditTextDialog<I>({
  title,
  size,
  current,
  undoable,
  write,
  input,
  onClose,
  children,
}: {
  title: string;
  size?: "md" | "lg";
  current: string;
  /** What the write changes and how its toast says it: `{ entity: "theme", id, verb: "rename" }`. */
  undoable: Omit<UndoableWriteOptions, "onDone">;
  /** A tRPC write procedure (`trpc.themes.update`). */
  write: UndoableWriteProcedure<I>;
  input: (text: string) => I;
  onClose: () => void;
  children: (field: {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  }) => ReactNode;
}) {
  const [text, setText] = useState(current);
  const trimmed = text.trim();
  const save = useUndoableWrite(write, { ...undoable, onDone: onClose });
  return (
    <FormDialog
      title={title}
      size={size}
      onClose={onClose}
      onSubmit={() => save.mutate(input(trimmed))}
      errors={[save.failure]}
      canSubmit={trimmed !== "" && trimmed !== current}
      submitting={save.pending}
      submitLabel="Save"
    >
      {children({ value: text, onChange: (event) => setText(event.currentTarget.value) })}
    </FormDialog>
  );
}
