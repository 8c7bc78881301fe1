import { ServerMessages } from "@club/shared";
import { ApiError } from "../../lib/errors";
import { unreachable } from "../../lib/serverReason";

export type LoginFailure =
  /** Too many attempts: the server's words, in place of the floor's message (it is not a wrong password). */
  | { kind: "rateLimited"; message: string }
  /** The address is not confirmed yet: the reason, and the resend flow. */
  | { kind: "notConfirmed"; reason: string }
  /**
   * The password was right but the membership does not let them in: only its own words,
   * never 'Invalid credentials' (the member would hunt for a typo). Waiting is news, not an error.
   */
  | { kind: "membership"; message: string; waiting: boolean }
  /** The floor's 'Invalid credentials. Try again.', with the plain reason under it when there is one. */
  | { kind: "refused"; reason: string | null };

/** What the login screen says about a failed login, from the server's status and error.code. */
export function loginFailure(error: unknown): LoginFailure {
  if (!(error instanceof ApiError)) return { kind: "refused", reason: unreachable() };
  if (error.status === 429 || error.code === "TOO_MANY_REQUESTS")
    return { kind: "rateLimited", message: error.message || ServerMessages.tooManyRequests };
  switch (error.code) {
    case "EMAIL_NOT_CONFIRMED":
      return { kind: "notConfirmed", reason: error.message || ServerMessages.emailNotConfirmed };
    case "MEMBERSHIP_PENDING":
      return { kind: "membership", message: ServerMessages.membershipPending, waiting: true };
    case "MEMBERSHIP_DEACTIVATED":
      return { kind: "membership", message: ServerMessages.membershipDeactivated, waiting: false };
    default:
      // A 403 without a known code (an older server): its message is still the reason.
      return { kind: "refused", reason: error.status === 403 ? error.message : null };
  }
}
