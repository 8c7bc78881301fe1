import { useSyncExternalStore } from "react";

// @mantine/notifications (with its transitions) is loaded on the first notification, not with the
// first screen. Its store is global, so a message shown before <Notifications /> mounts still appears.
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a short confirmation toast (green by default). */
export function notify(message: string, color: "green" | "red" | "blue" = "green"): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  import("./notificationsUi")
    .then(({ notifications }) => notifications.show({ message, color, withBorder: true, autoClose: 3500 }))
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
  );
}

/**
 * The onSuccess of a save: a green toast saying what happened, then each step in turn (close the
 * dialog or clear the form, then refetch what the save changed).
 */
export function onSaved(notice: string, ...steps: (() => unknown)[]): () => Promise<void> {
  return async () => {
    notify(notice);
    for (const step of steps) await step();
  };
}
