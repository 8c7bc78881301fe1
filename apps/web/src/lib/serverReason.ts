import { httpStatusOf, isRefusal } from "./errors";
import { validationText } from "./validationText";

import { ValidationMessages } from "@club/shared";

/** A call no server answered, in the reader's language. */
export const unreachable = (): string => validationText(ValidationMessages.unreachable);

/**
 * The server's reason for refusing a call (REST or tRPC), to show under the screen's own message:
 * registration closed, an invite no longer valid, the last admin, a wrong current password, a rate
 * limit... None for a server error (its text helps nobody); a plain sentence when nothing answered.
 */
export function serverReason(error: unknown): string | null {
  const status = httpStatusOf(error);
  if (status === undefined) return unreachable();
  if (status >= 500 && !isRefusal(status, error)) return null;
  return error instanceof Error && error.message ? validationText(error.message) : null;
}
