import {
  PasswordInput,
  SimpleGrid,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from "@mantine/core";
import "../styles/passwordInput";
import { PASSWORD_MIN_LENGTH } from "@club/shared";
import { useT } from "../lib/i18n";
import { authMessages } from "./authMessages";

/**
 * The fields the login, registration, password and profile forms share, each with its label,
 * `autoComplete` (so browsers fill and suggest the right thing) and `required`; a form passes its
 * `getInputProps(...)` and anything it adds (a description, `data-autofocus`, `readOnly`).
 */

/** First and last name, side by side (one above the other on a phone). */
export function NameFields({ firstName, lastName }: { firstName: TextInputProps; lastName: TextInputProps }) {
  const t = useT(authMessages);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label={t("firstName")} autoComplete="given-name" required {...firstName} />
      <TextInput label={t("lastName")} autoComplete="family-name" required {...lastName} />
    </SimpleGrid>
  );
}

/** The member's email address. */
export function EmailField(props: TextInputProps) {
  const t = useT(authMessages);
  return <TextInput type="email" label={t("email")} autoComplete="email" required {...props} />;
}

/** A password being chosen ("Password" unless labelled), with the length rule under it. */
export function NewPasswordField({ label, ...props }: PasswordInputProps) {
  const t = useT(authMessages);
  return (
    <PasswordInput
      label={label ?? t("password")}
      autoComplete="new-password"
      description={t("passwordRule", { min: PASSWORD_MIN_LENGTH })}
      required
      {...props}
    />
  );
}

/** The new password again. */
export function RepeatPasswordField(props: PasswordInputProps) {
  const t = useT(authMessages);
  return <PasswordInput label={t("repeatPassword")} autoComplete="new-password" required {...props} />;
}
