import { Button, Group, Text } from "@mantine/core";
import type { UndoAction } from "./undoAction";
import { notifications, toastText } from "./notificationsUi";
import { useT } from "./i18n";
import { commonMessages } from "../components/commonMessages";

/** How long a toast with an Undo button stays (hovering it keeps it open). */
export const UNDO_TOAST_MS = 6_000;

let counter = 0;

function UndoMessage({ message, onUndo }: { message: string; onUndo: () => void }) {
  const t = useT(commonMessages);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button variant="light" h={40} px="md" onClick={onUndo} style={{ flexShrink: 0 }}>
        {t("undo")}
      </Button>
    </Group>
  );
}

/** Loaded with @mantine/notifications (lib/notify.ts): the toast of notifyUndoable. */
export function showUndoToast(message: string, undo: UndoAction): void {
  const id = `undo-${++counter}`;
  let started = false;

  const run = async () => {
    if (started) return;
    started = true;
    notifications.update({ id, loading: true, message: toastText("undoing"), autoClose: false });
    try {
      await undo();
      notifications.update({
        id,
        loading: false,
        color: "green",
        title: toastText("undone"),
        message,
        autoClose: 4000,
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      notifications.update({ id, loading: false, color: "red", message: why, autoClose: UNDO_TOAST_MS });
    }
  };

  notifications.show({
    id,
    color: "green",
    withBorder: true,
    closeButtonProps: { "aria-label": toastText("toast.closeMessage") },
    autoClose: UNDO_TOAST_MS,
    message: <UndoMessage message={message} onUndo={() => void run()} />,
  });
}
