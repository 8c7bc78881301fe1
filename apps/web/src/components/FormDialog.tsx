import { Modal } from "@mantine/core";
import "../styles/modal";
import { SubmitForm, type SubmitFormProps } from "./SubmitForm";
import { useReturnFocus } from "../lib/returnFocus";

/**
 * A members' add dialog: the title names the dialog (its accessible name), Cancel closes it, and
 * the field marked data-autofocus takes the focus when it opens.
 */
export function FormDialog({
  title,
  size,
  onClose,
  ...form
}: SubmitFormProps & { title: string; size?: "md" | "lg"; onClose: () => void }) {
  useReturnFocus();
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <SubmitForm {...form} onCancel={onClose} />
    </Modal>
  );
}
