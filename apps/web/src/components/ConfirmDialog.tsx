import type { ReactNode } from "react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import "../styles/modal";
import { ErrorAlert } from "./status";

/**
 * "Are you sure?" before a step that is hard to take back: the title names the dialog, Cancel
 * (focused first) closes it, the confirm button says what happens.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  color = "red",
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  busy: boolean;
  /** Shown as a red alert when the step failed. */
  error?: { message: string; reason: string | null } | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        {error ? <ErrorAlert message={error.message}>{error.reason}</ErrorAlert> : null}
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
