import { CellarMessages } from "@club/shared";
import { pastDateProblem } from "./purchaseRules";
import { validationText } from "./validationText";

/** The opened date's problem: a past date (the member's today at the latest), not before the purchase. */
export function openedDateProblem(value: string, datePurchased: string, localToday?: string): string | null {
  return (
    pastDateProblem(value, localToday) ??
    (value < datePurchased ? validationText(CellarMessages.openedBeforePurchase) : null)
  );
}
