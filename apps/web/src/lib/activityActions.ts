import type { WritePath } from "@club/api";

/** The action of an undo's own activity entry (a type-checked procedure name). */
export const UNDO_ACTION = "activity.undo" satisfies WritePath;
