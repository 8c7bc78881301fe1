/** Undoes a change; rejects with an Error whose message is for the member (lib/undo.ts). */
export type UndoAction = () => Promise<void>;
