import { ServerMessages } from "@club/shared";
import { httpStatusOf, isRefusal } from "./errors";

/**
 * What to tell the member when a change failed. The server's messages for a refusal (403 not
 * yours, 404 gone, 409 conflict, 429 too many changes, 503 while a club restore runs) are plain
 * words written for members, so
 * they are shown as they are; anything else (network trouble, a 5xx, a generic validation
 * message, an expired session) gets the screen's own `fallback`.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const status = httpStatusOf(error);
  if (status === 401 || !isRefusal(status, error)) return fallback;
  const message = error instanceof Error ? error.message.trim() : "";
  if (!message || message === ServerMessages.validation) return fallback;
  return message;
}
