import { getMutationKey } from "@trpc/react-query";
import type { ActivityAction } from "@club/api";
import { failureMessage } from "./failure";
import { useUndoableSave, type UndoEntity } from "./undo";
import { useT } from "./i18n";
import { commonMessages } from "../components/commonMessages";

/** A tRPC write procedure (`trpc.themes.update`) taking `I`. */
export type UndoableWriteProcedure<I> = Parameters<typeof getMutationKey>[0] & {
  useMutation: (options: { onSuccess: (data: unknown, variables: unknown) => Promise<void> }) => {
    mutate: (input: I) => void;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
};

/** What members call each kind of thing a write changes (a bottle's instance is a purchase). */
export const WORDS = {
  bottle: "bottle",
  comment: "comment",
  instance: "purchase",
  meeting: "meeting",
  theme: "theme",
} as const satisfies Partial<Record<UndoEntity, string>>;

/** What a dialog does to the thing, and how its toast says it is done. */
const DONE = {
  delete: "deleted",
  open: "opened",
  rename: "renamed",
  save: "saved",
  update: "updated",
} as const;

export const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * One undoable write on one thing (`entity` `id`), as a dialog makes it. Every such write says the
 * same words (what: WORDS[entity] unless given, verb: "rename"): the toast "Theme renamed." (or
 * `notice`) with an Undo that undoes the write (the activity log's action is the procedure's own
 * path, so the write and its undo target cannot disagree), then `onDone`; when it fails,
 * `failure` is "Failed to rename the theme." (or the server's reason, failureMessage). Both in the
 * reader's language (common.json's undoable.*, by verb and thing: "rename_theme"); a pair it does
 * not name is said in English.
 */
export function useUndoableWrite<I>(
  write: UndoableWriteProcedure<I>,
  {
    entity,
    id,
    verb,
    what = WORDS[entity],
    notice,
    onDone,
  }: {
    entity: keyof typeof WORDS;
    id: number;
    verb: keyof typeof DONE;
    what?: string;
    notice?: string;
    onDone: () => unknown;
  },
): { mutate: (input: I) => void; pending: boolean; failure: string | null } {
  const t = useT(commonMessages);
  const change = `${verb}_${what.replace(/ /g, "_")}`;
  const done = t("undoable.done", { change, done: `${capitalized(what)} ${DONE[verb]}.` });
  const failed = t("undoable.failed", { change, failed: `Failed to ${verb} the ${what}.` });
  const action = getMutationKey(write)[0].join(".") as ActivityAction;
  const mutation = write.useMutation({
    onSuccess: useUndoableSave(notice ?? done, { entity, entityId: id, action }, onDone),
  });
  return {
    mutate: mutation.mutate,
    pending: mutation.isPending,
    failure: mutation.isError ? failureMessage(mutation.error, failed) : null,
  };
}

/** What useUndoableWrite is told about the write: what it changes, its words, what follows. */
export type UndoableWriteOptions = Parameters<typeof useUndoableWrite>[1];
