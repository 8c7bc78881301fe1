import { PastDateInputSchema, PurchasePriceSchema } from "@club/shared";
import { today } from "./format";
import { firstIssueText, validationText } from "./validationText";

/** The shared schema's message for a date after today. */
export const FUTURE_DATE = "The date cannot be in the future.";
export const FINISH_BEFORE_PURCHASE = "The finish date cannot be before the purchase date.";

/**
 * A purchase or finish date's problem, if any: the shared rule (a real date, not in the future for
 * the server) and, stricter, not after the member's own today (what the date pickers allow).
 */
export function pastDateProblem(value: string, localToday: string = today()): string | null {
  if (value.trim() === "") return "Choose a date.";
  const parsed = PastDateInputSchema.safeParse(value);
  if (!parsed.success) return firstIssueText(parsed.error) ?? validationText(FUTURE_DATE);
  return parsed.data > localToday ? validationText(FUTURE_DATE) : null;
}

/** A finish date's problem: a past date, not before the purchase (UpdateInstanceInputSchema's rule). */
export function finishDateProblem(finished: string, purchased: string, localToday?: string): string | null {
  return (
    pastDateProblem(finished, localToday) ??
    (finished < purchased ? validationText(FINISH_BEFORE_PURCHASE) : null)
  );
}

/** The purchase price's problem, if any (more than $0, at most $1,000,000): the shared rule. */
export function purchasePriceProblem(price: number | null): string | null {
  const parsed = PurchasePriceSchema.safeParse(price ?? Number.NaN);
  return parsed.success
    ? null
    : (firstIssueText(parsed.error) ?? validationText("Enter the purchase price."));
}
