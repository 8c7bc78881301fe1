import { Badge } from "@mantine/core";
import { standingLabel, type DuesStanding } from "@club/shared";
import { formatDate } from "../../lib/format";
import { formatMoney, formatMonth, moneyFormat } from "../../lib/money";

/** What the screens need to say where a member stands (a statement or a row of the list). */
export interface StandingFields {
  standing: DuesStanding;
  balance: number;
  amountDue: number;
  amountBehind: number;
  monthsBehind: number;
  dueDate: string | null;
  paidThrough: string | null;
}

/** Red only for behind; due is neutral (it is not late yet). */
export const STANDING_COLORS: Record<DuesStanding, string> = {
  "paid-up": "green",
  // Teal's light badge misses the 4.5:1 contrast in the light theme.
  "in-credit": "green",
  due: "gray",
  behind: "red",
};

/** "$52.00 due", "$24.00 behind (2 months)", in the standing's colour: the same words everywhere. */
export function StandingBadge({ of, size = "md" }: { of: StandingFields; size?: "sm" | "md" | "lg" }) {
  return (
    <Badge color={STANDING_COLORS[of.standing]} variant="light" size={size} radius="sm" tt="none">
      {standingLabel(of, moneyFormat())}
    </Badge>
  );
}

const firstOfNextMonth = (date: string) => {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
};

/** The sentence under the standing: when it is due, what to pay, how far it is paid. */
export function standingHint(s: StandingFields): string {
  switch (s.standing) {
    case "due":
      return s.dueDate
        ? `Due ${formatDate(s.dueDate)}. Behind if still unpaid on ${formatDate(firstOfNextMonth(s.dueDate))}.`
        : "Due this month.";
    case "behind":
      return s.amountDue > s.amountBehind
        ? `${formatMoney(s.amountDue)} to pay to be paid up, with this month's dues.`
        : `${formatMoney(s.amountDue)} to pay to be paid up.`;
    default:
      return s.paidThrough ? `Paid through ${formatMonth(s.paidThrough)}.` : "Nothing owed.";
  }
}
