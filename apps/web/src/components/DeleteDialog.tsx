import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { useUndoableWrite, type WORDS, type UndoableWriteProcedure } from "../lib/undoableWrite";
import { ConfirmDialog } from "./ConfirmDialog";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

/**
 * Asks before deleting one thing by its id, then deletes it with an Undo toast. Every deletion says
 * the same words about what it deletes (WORDS: a theme): the title "Delete Theme", the button
 * "Delete theme", the toast "Theme deleted." (or `notice`), the failure "Failed to delete the
 * theme." (or the server's reason): useUndoableWrite's. After the deletion the dialog closes, or,
 * on the deleted thing's own page, the app goes to `leaveTo` (first: refetching the page now would
 * only find that it is gone).
 */
export function DeleteDialog({
  entity,
  id,
  write,
  notice,
  leaveTo,
  onClose,
  children,
}: {
  entity: keyof typeof WORDS;
  id: number;
  /** A tRPC delete procedure (`trpc.themes.delete`): it takes `{ id }`. */
  write: UndoableWriteProcedure<{ id: number }>;
  notice?: string;
  leaveTo?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const t = useT(commonMessages);
  const remove = useUndoableWrite(write, {
    entity,
    id,
    verb: "delete",
    notice,
    onDone: leaveTo === undefined ? onClose : () => navigate(leaveTo),
  });

  return (
    <ConfirmDialog
      title={t("delete.title", { entity })}
      confirmLabel={t("delete.confirm", { entity })}
      onConfirm={() => remove.mutate({ id })}
      onClose={onClose}
      pending={remove.pending}
      error={remove.failure}
    >
      {children}
    </ConfirmDialog>
  );
}
