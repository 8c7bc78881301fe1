import {
  PasswordInput,
  SimpleGrid,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from "@mantine/core";
import "../styles/passwordInput";
import { PASSWORD_MIN_LENGTH } from "@club/shared";

/**
 * The fields the login, registration, password and profile forms share, each with its label,
 * `autoComplete` (so browsers fill and suggest the right thing) and `required`; a form passes its
 * `getInputProps(...)` and anything it adds (a description, `data-autofocus`, `readOnly`).
 */

/** First and last name, side by side (one above the other on a phone). */
export function NameFields({ firstName, lastName }: { firstName: TextInputProps; lastName: TextInputProps }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label="First name" autoComplete="given-name" required {...firstName} />
      <TextInput label="Last name" autoComplete="family-name" required {...lastName} />
    </SimpleGrid>
  );
}

/** The member's email address. */
export function EmailField(props: TextInputProps) {
  return <TextInput type="email" label="Email" autoComplete="email" required {...props} />;
}

/** A password being chosen ("Password" unless labelled), with the length rule under it. */
export function NewPasswordField({ label = "Password", ...props }: PasswordInputProps) {
  return (
    <PasswordInput
      label={label}
      autoComplete="new-password"
      description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      required
      {...props}
    />
  );
}

/** The new password again. */
export function RepeatPasswordField(props: PasswordInputProps) {
  return <PasswordInput label="Repeat new password" autoComplete="new-password" required {...props} />;
}
