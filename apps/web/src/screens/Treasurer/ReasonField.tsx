import { Textarea, type TextareaProps } from "@mantine/core";

/** The reason of a waiver or a void (required, at most 500 characters), focused when the dialog opens. */
export function ReasonField(props: TextareaProps) {
  return <Textarea label="Reason" required data-autofocus autosize minRows={2} maxLength={500} {...props} />;
}
