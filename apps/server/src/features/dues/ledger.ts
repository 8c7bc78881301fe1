import { CLUB_RULES } from "@club/shared";
import { addMonths, monthsBetween } from "../../platform/clubTime";

/** One ledger line in cents: charges positive, payments and waivers negative. */
export interface LedgerLine {
  kind: "joining" | "monthly" | "payment" | "waiver";
  month: string | null;
  amountCents: number;
}

export interface LedgerSummary {
  balanceCents: number;
  /** The last month (YYYY-MM) the member's credits cover, or null. */
  paidThrough: string | null;
  /** Charged months before the current one that are not paid (the current month is not late yet). */
  monthsBehind: number;
}

/**
 * Balance = charges - payments - waivers. "Paid through": credits (payments and waivers) pay the
 * joining fee first, then the months in order; credit left over after the last charged month pays
 * the following months ahead at the monthly rate.
 */
export function summarise(lines: LedgerLine[], currentMonth: string): LedgerSummary {
  const balanceCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  let credit = -lines.filter((l) => l.amountCents < 0).reduce((sum, l) => sum + l.amountCents, 0);
  const joining = lines.filter((l) => l.kind === "joining").reduce((sum, l) => sum + l.amountCents, 0);
  credit -= joining;
  const months = lines
    .filter((l) => l.kind === "monthly" && l.month !== null)
    .sort((a, b) => (a.month as string).localeCompare(b.month as string));
  let paidThrough: string | null = null;
  if (credit >= 0) {
    for (const m of months) {
      if (credit < m.amountCents) break;
      credit -= m.amountCents;
      paidThrough = m.month;
    }
    const last = months.at(-1)?.month ?? null;
    if (paidThrough !== null && paidThrough === last) {
      const ahead = Math.floor(credit / CLUB_RULES.monthlyDuesCents);
      if (ahead > 0) paidThrough = addMonths(paidThrough, ahead);
    }
  }
  return {
    balanceCents,
    paidThrough,
    monthsBehind: months.filter(
      (m) =>
        (m.month as string) < currentMonth && (paidThrough === null || (m.month as string) > paidThrough),
    ).length,
  };
}

/**
 * Why a hardship waiver is refused, or null when the rules allow it: 1 to 6 months, only for a
 * member of more than 12 months, never a month already waived, and at most 6 waived months in any
 * 12-month window (the new months counted with those already waived).
 */
export function waiverRefusal(opts: {
  /** YYYY-MM-DD the membership started. */
  joinedOn: string | null;
  /** YYYY-MM-DD today in the club's zone. */
  today: string;
  fromMonth: string;
  months: number;
  waived: string[];
}): string | null {
  const { joinedOn, today, fromMonth, months, waived } = opts;
  const currentMonth = today.slice(0, 7);
  if (!Number.isInteger(months) || months < 1 || months > CLUB_RULES.waiverMaxMonths)
    return `A hardship waiver is for 1 to ${CLUB_RULES.waiverMaxMonths} months.`;
  const anniversary =
    joinedOn === null
      ? null
      : `${addMonths(joinedOn.slice(0, 7), CLUB_RULES.waiverMinMembershipMonths)}-${joinedOn.slice(8, 10)}`;
  if (joinedOn === null || anniversary === null || anniversary >= today)
    return `Hardship waivers are for members of more than ${CLUB_RULES.waiverMinMembershipMonths} months.`;
  if (monthsBetween(joinedOn.slice(0, 7), fromMonth) < 0)
    return "A waiver cannot start before the member joined.";
  if (monthsBetween(currentMonth, fromMonth) > CLUB_RULES.waiverWindowMonths)
    return `A waiver can start at most ${CLUB_RULES.waiverWindowMonths} months ahead.`;
  const asked = Array.from({ length: months }, (_, i) => addMonths(fromMonth, i));
  const already = asked.find((m) => waived.includes(m));
  if (already) return `${already} is already waived.`;
  const all = [...waived, ...asked];
  for (const start of all.flatMap((m) => [m, addMonths(m, -(CLUB_RULES.waiverWindowMonths - 1))])) {
    const inWindow = all.filter((m) => {
      const d = monthsBetween(start, m);
      return d >= 0 && d < CLUB_RULES.waiverWindowMonths;
    }).length;
    if (inWindow > CLUB_RULES.waiverMaxMonths)
      return `At most ${CLUB_RULES.waiverMaxMonths} months can be waived in any ${CLUB_RULES.waiverWindowMonths} months.`;
  }
  return null;
}
