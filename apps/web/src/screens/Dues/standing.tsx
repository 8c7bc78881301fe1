import { Badge } from "@mantine/core";
import { type DuesStanding } from "@club/shared";
import { formatDate } from "../../lib/format";
import { formatMoney, formatMonth } from "../../lib/money";
import { duesText as t } from "./duesMessages";

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
    // A longer language's words wrap inside the badge rather than being cut off.
    <Badge
      color={STANDING_COLORS[of.standing]}
      variant="light"
      size={size}
      radius="sm"
      tt="none"
      h="auto"
      maw="100%"
      styles={{ label: { whiteSpace: "normal", overflow: "visible" } }}
    >
      {standingText(of)}
    </Badge>
  );
}

/**
 * "Paid up", "$12.00 in credit", "$52.00 due", "$24.00 behind (2 months)" in the app's language
 * (the shared standingLabel's words in English); the amount never negative: the words say which way.
 */
export function standingText(s: Omit<StandingFields, "dueDate" | "paidThrough">): string {
  const amount = (value: number) => formatMoney(Math.abs(value));
  switch (s.standing) {
    case "paid-up":
      return t("standing.paidUp");
    case "in-credit":
      return t("standing.inCredit", { amount: amount(s.balance) });
    case "due":
      return t("standing.due", { amount: amount(s.amountDue) });
    case "behind":
      return s.monthsBehind > 0
        ? t("standing.behindMonths", { amount: amount(s.amountBehind), months: s.monthsBehind })
        : t("standing.behind", { amount: amount(s.amountBehind) });
  }
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
        ? t("hint.due", { date: formatDate(s.dueDate), late: formatDate(firstOfNextMonth(s.dueDate)) })
        : t("hint.dueThisMonth");
    case "behind":
      return s.amountDue > s.amountBehind
        ? t("hint.behindWithMonth", { amount: formatMoney(s.amountDue) })
        : t("hint.behind", { amount: formatMoney(s.amountDue) });
    default:
      return s.paidThrough
        ? t("hint.paidThrough", { month: formatMonth(s.paidThrough) })
        : t("hint.nothingOwed");
  }
}
