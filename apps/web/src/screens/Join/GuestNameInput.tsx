import { TextInput, type TextInputProps } from "@mantine/core";
import { guestNameError } from "./guestName";

/**
 * A guest's name as typed (the join page's, the host's add form's): at most 40 characters, and the
 * club's reason under the field when it refuses the name (guestNameError).
 */
export function GuestNameInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, "value" | "onChange" | "error" | "maxLength"> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      {...props}
      maxLength={40}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={guestNameError(value)}
    />
  );
}
