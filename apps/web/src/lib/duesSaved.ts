import type { DuesStatement } from "@club/shared";
import { notifyUndoable } from "./notify";
import { useUndo, type UndoTarget } from "./undo";

/**
 * The onSuccess of a treasurer's write on a member's dues (a payment, a waiver, an opening): a
 * toast saying what was done (`notice`, from the write's input) with an Undo of `target` (what
 * the write made, found in the statement it answers with), then `onDone` (the dialog closes).
 */
export function useDuesSaved<I>(
  notice: (input: I) => string,
  target: (statement: DuesStatement, input: I) => UndoTarget,
  onDone: () => void,
): (statement: DuesStatement, input: I) => Promise<void> {
  const undo = useUndo();
  return async (statement, input) => {
    notifyUndoable(notice(input), undo(target(statement, input)));
    onDone();
  };
}
