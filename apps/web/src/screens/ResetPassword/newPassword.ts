import { PasswordSchema } from "@club/shared";
import { firstIssueText } from "../../lib/validationText";

export const PASSWORDS_DIFFER = "The two passwords are not the same.";

/** What is wrong with a new password (the server's own rule, from packages/shared), or null. */
export function newPasswordError(password: string): string | null {
  const result = PasswordSchema.safeParse(password);
  return result.success ? null : (firstIssueText(result.error) ?? "This password is not accepted.");
}

/** The second copy of a new password must match the first. */
export const repeatError = (repeat: string, password: string): string | null =>
  repeat === password ? null : PASSWORDS_DIFFER;
