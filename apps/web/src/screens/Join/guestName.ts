import { GuestNameSchema } from "@club/shared";
import { firstIssueText } from "../../lib/validationText";

/**
 * Why the club refuses a guest's name as typed, for the field's error line: the
 * join page's and the host's add form say it before anything is sent. Nothing for an empty field
 * (the field is marked required) or a good name.
 */
export function guestNameError(value: string): string | undefined {
  if (value === "") return undefined;
  const check = GuestNameSchema.safeParse(value);
  return check.success ? undefined : firstIssueText(check.error);
}
