import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { getMutationKey } from "@trpc/react-query";
import type { ActivityAction } from "@club/api";
import { failureMessage } from "../lib/failure";
import { useUndoableSave, type UndoEntity } from "../lib/undo";
import { ConfirmDialog } from "./ConfirmDialog";

/** A tRPC delete procedure (`trpc.themes.delete`): it takes `{ id }`. */
type DeleteWrite = Parameters<typeof getMutationKey>[0] & {
  useMutation: (options: { onSuccess: (data: unknown, variables: unknown) => Promise<void> }) => {
    mutate: (input: { id: number }) => void;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
};

/** What members call each kind of thing a dialog deletes (a bottle's instance is a purchase). */
const WORDS = {
  bottle: "bottle",
  comment: "comment",
  instance: "purchase",
  meeting: "meeting",
  theme: "theme",
} as const satisfies Partial<Record<UndoEntity, string>>;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Asks before deleting one thing by its id, then deletes it with an Undo toast. Every deletion says
 * the same words about what it deletes (WORDS: a theme): the title "Delete Theme", the button
 * "Delete theme", the toast "Theme deleted." (or `notice`), the failure "Failed to delete the
 * theme." (or the server's reason). The toast's Undo undoes the write on `entity` `id` (the activity
 * log's action is the procedure's own path). After the deletion the dialog closes, or, on the
 * deleted thing's own page, the app goes to `leaveTo` (first: refetching the page now would only
 * find that it is gone).
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
  write: DeleteWrite;
  notice?: string;
  leaveTo?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const what = WORDS[entity];
  // The procedure's path ("themes.delete") is the action its activity entry records.
  const action = getMutationKey(write)[0].join(".") as ActivityAction;
  const remove = write.useMutation({
    onSuccess: useUndoableSave(
      notice ?? `${capitalized(what)} deleted.`,
      { entity, entityId: id, action },
      leaveTo === undefined ? onClose : () => navigate(leaveTo),
    ),
  });

  return (
    <ConfirmDialog
      title={`Delete ${capitalized(what)}`}
      confirmLabel={`Delete ${what}`}
      onConfirm={() => remove.mutate({ id })}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.isError ? failureMessage(remove.error, `Failed to delete the ${what}.`) : null}
    >
      {children}
    </ConfirmDialog>
  );
}
