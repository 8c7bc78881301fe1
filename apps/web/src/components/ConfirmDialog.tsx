import type { ReactNode } from "react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import "../styles/modal";
import { ErrorAlert } from "./status";
import { useReturnFocus } from "../lib/returnFocus";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

/**
 * Asks before a change (a deletion, finishing a bottle): the title names the dialog, Cancel (which
 * has the focus, so Enter does no harm) closes it, the confirm button does it. A failure is shown
 * above the question and the dialog stays open.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  color = "red",
  onConfirm,
  onClose,
  pending,
  error,
  cause,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** red for a deletion; the app's amber for anything else. */
  color?: "red" | "amber";
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
  error?: string | null;
  /** The failed call: its server reason shows under the message. */
  cause?: unknown;
}) {
  useReturnFocus();
  const t = useT(commonMessages);
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        {error ? <ErrorAlert message={error} error={cause} /> : null}
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" h={40} onClick={onClose} data-autofocus>
            {t("cancel")}
          </Button>
          <Button color={color} h={40} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
