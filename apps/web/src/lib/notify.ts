import { useSyncExternalStore } from "react";
import type { UndoAction } from "./undoAction";

// @mantine/notifications (with its transitions) is loaded on the first notification, not with the
// first screen. Its store is global, so a message shown before <Notifications /> mounts still appears.
let wanted = false;
const listeners = new Set<() => void>();

function wantNotifications(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Shows a short confirmation toast (green by default). */
export function notify(message: string, color: "green" | "red" | "blue" = "green"): void {
  wantNotifications();
  import("./notificationsUi")
    .then(({ notifications, toastText }) =>
      notifications.show({
        message,
        color,
        withBorder: true,
        autoClose: 3500,
        // Mantine's close button is an icon without a name (axe: button-name).
        closeButtonProps: { "aria-label": toastText("toast.closeMessage") },
      }),
    )
    .catch((error: unknown) => console.error("Notifications failed to load", error));
}

/**
 * A green toast saying what happened, with an Undo button: it runs `undo`, then says "Undone"
 * or, in red, why not. It stays longer than a plain toast, and while the pointer is over it.
 */
export function notifyUndoable(message: string, undo: UndoAction): void {
  wantNotifications();
  import("./undoToast")
    .then(({ showUndoToast }) => showUndoToast(message, undo))
    .catch((error: unknown) => console.error("Notifications failed to load", error));
}

/** True once a notification was requested: the app then mounts <Notifications />. */
export function useNotificationsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // While the app hydrates the server's markup (which has no notifications).
    () => false,
  );
}

/** A save's toast that offers to undo it: `undo` builds the action from the save's answer and input. */
export interface UndoableNotice<D, V> {
  notice: string;
  undo: (data: D, variables: V) => UndoAction;
}

/**
 * The onSuccess of a save: a green toast saying what happened (with an Undo button when the notice
 * says how), then each step in turn (close the dialog or clear the form, then refetch what the
 * save changed).
 */
export function onSaved<D = unknown, V = unknown>(
  notice: string | UndoableNotice<D, V>,
  ...steps: (() => unknown)[]
): (data: D, variables: V) => Promise<void> {
  return async (data, variables) => {
    if (typeof notice === "string") notify(notice);
    else notifyUndoable(notice.notice, notice.undo(data, variables));
    for (const step of steps) await step();
  };
}
