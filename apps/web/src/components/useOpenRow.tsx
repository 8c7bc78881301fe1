import { useState, type ComponentProps, type ComponentType, type ReactNode } from "react";

/** A dialog of one row: the row as its `Prop` (comment, theme, instance), and a close callback. */
type RowDialog<Prop extends string> = ComponentType<Record<Prop, never> & { onClose: () => void }>;

/**
 * Which of a list's row dialogs is open, and for which row (a comment's Edit or Delete, a
 * purchase's Bottle Finished...): `open(kind, row)` opens `dialogs[kind]` in place of any other,
 * with the row as its `prop` and a close callback; `element` is that dialog, or null.
 */
export function useOpenRow<Prop extends string, Dialogs extends Record<string, RowDialog<Prop>>>(
  prop: Prop,
  dialogs: Dialogs,
): {
  open: <Kind extends keyof Dialogs>(kind: Kind, row: ComponentProps<Dialogs[Kind]>[Prop]) => void;
  element: ReactNode;
} {
  const [opened, setOpened] = useState<{ kind: keyof Dialogs; row: unknown } | null>(null);
  const open = (kind: keyof Dialogs, row: unknown) => setOpened({ kind, row });
  if (!opened) return { open, element: null };
  const Dialog = dialogs[opened.kind] as ComponentType<Record<Prop, unknown> & { onClose: () => void }>;
  const rowProp = { [prop]: opened.row } as Record<Prop, unknown>;
  return { open, element: <Dialog {...rowProp} onClose={() => setOpened(null)} /> };
}
