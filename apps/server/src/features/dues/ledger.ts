import { CLUB_RULES, type DuesKind, type DuesStanding } from "@club/shared";
import { addMonths, monthsBetween } from "../../platform/clubTime";

/**
 * One ledger line in cents: charges (joining, monthly, an opening balance owed) positive;
 * payments, waivers and an opening credit negative; a void the opposite of the line it reverses.
 */
export interface LedgerLine {
  kind: DuesKind;
  month: string | null;
  /** YYYY-MM-DD; a monthly charge without one is dated the 1st of its month. */
  date?: string;
  amountCents: number;
  /** A voided line: the id of its void (null or absent: it counts). */
  voidedBy?: number | null;
}

/** A line that counts: not a void, not voided. A void and its original cancel out. */
export const isLive = (line: LedgerLine): boolean =>
  line.kind !== "void" && (line.voidedBy === null || line.voidedBy === undefined);

export interface LedgerSummary {
  /** Charges - payments - waivers over the lines that count (= the sum of every line). */
  balanceCents: number;
  /** The last month (YYYY-MM) the member's credits cover, or null. */
  paidThrough: string | null;
  /** Monthly charges of months before the current one that are unpaid. */
  monthsBehind: number;
  standing: DuesStanding;
  /** What to pay to be paid up (0 when paid up or in credit). */
  amountDueCents: number;
  /** The part of it for earlier months (and any balance brought forward). */
  amountBehindCents: number;
  /** When due: the date of the oldest unpaid charge (YYYY-MM-DD); null otherwise. */
  dueDate: string | null;
}

const KIND_ORDER: Partial<Record<DuesKind, number>> = { opening: 0, joining: 1, monthly: 2 };

/** The month a charge is for: a balance brought forward is older than any month. */
const chargeMonth = (line: LedgerLine) => (line.kind === "opening" ? "" : (line.month ?? ""));
const dateOf = (line: LedgerLine) => line.date ?? `${line.month ?? "0000-01"}-01`;

/**
 * Where a member stands: the one computation behind the member's page, the treasurer's list,
 * the statement, the export and the reminder email.
 *
 * A hardship waiver waives its own month's charge. Other credits (payments, an opening credit,
 * waivers of months not charged yet) pay the charges in order: a balance brought forward first,
 * then the joining fee and the months, oldest first. "Paid through" is the last
 * month so covered (from the month before the ledger's first charged month, when it has an
 * opening); credit left over after the last charged month pays the following months at the
 * monthly rate. Charges of the current month are due, not late: a member is behind only when a
 * charge of an earlier month (or a balance brought forward) is unpaid.
 */
export function summarise(
  lines: LedgerLine[],
  currentMonth: string,
  opts: { ledgerStart?: string | null } = {},
): LedgerSummary {
  const live = lines.filter(isLive);
  const balanceCents = live.reduce((sum, l) => sum + l.amountCents, 0);
  // A waiver waives its own month's charge; one for a month not charged (yet) is credit.
  const waivers = new Map<string, number>();
  for (const l of live)
    if (l.kind === "waiver" && l.month !== null)
      waivers.set(l.month, (waivers.get(l.month) ?? 0) - l.amountCents);
  const charges = live
    .filter((l) => l.amountCents > 0)
    .sort(
      (a, b) =>
        chargeMonth(a).localeCompare(chargeMonth(b)) ||
        (KIND_ORDER[a.kind] ?? 3) - (KIND_ORDER[b.kind] ?? 3) ||
        dateOf(a).localeCompare(dateOf(b)),
    )
    .map((line) => {
      const waived = line.kind === "monthly" && line.month !== null ? (waivers.get(line.month) ?? 0) : 0;
      const cover = Math.min(waived, line.amountCents);
      if (cover > 0) waivers.set(line.month as string, waived - cover);
      return { line, cents: line.amountCents - cover };
    });
  let credit =
    -live.filter((l) => l.amountCents < 0 && l.kind !== "waiver").reduce((sum, l) => sum + l.amountCents, 0) +
    [...waivers.values()].reduce((sum, left) => sum + left, 0);

  let paidThrough: string | null = opts.ledgerStart ? addMonths(opts.ledgerStart, -1) : null;
  let covered = true;
  const unpaid: { line: LedgerLine; cents: number }[] = [];
  for (const { line, cents } of charges) {
    if (covered && credit >= cents) {
      credit -= cents;
      if (line.kind === "monthly") paidThrough = line.month;
      continue;
    }
    if (covered) {
      covered = false;
      unpaid.push({ line, cents: cents - credit });
      credit = 0;
      // Owing from before the ledger: not paid through its start either.
      if (line.kind === "opening") paidThrough = null;
    } else if (cents > 0) {
      unpaid.push({ line, cents });
    }
  }
  if (covered && paidThrough !== null) {
    const lastMonthly = charges.filter((c) => c.line.kind === "monthly").at(-1)?.line.month ?? paidThrough;
    const ahead = Math.floor(credit / CLUB_RULES.monthlyDuesCents);
    if (ahead > 0) paidThrough = addMonths(lastMonthly, ahead);
  }

  const late = unpaid.filter(({ line }) => line.kind === "opening" || chargeMonth(line) < currentMonth);
  const amountBehindCents = late.reduce((sum, u) => sum + u.cents, 0);
  const amountDueCents = Math.max(balanceCents, 0);
  const standing: DuesStanding =
    balanceCents < 0
      ? "in-credit"
      : balanceCents === 0
        ? "paid-up"
        : amountBehindCents > 0
          ? "behind"
          : "due";
  const dueDate = standing === "due" ? (unpaid.map(({ line }) => dateOf(line)).sort()[0] ?? null) : null;
  return {
    balanceCents,
    paidThrough,
    monthsBehind: late.filter(({ line }) => line.kind === "monthly").length,
    standing,
    amountDueCents,
    amountBehindCents: standing === "behind" ? Math.min(amountBehindCents, amountDueCents) : 0,
    dueDate,
  };
}

/** The last day of a month, YYYY-MM-DD. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, "0")}`;
}

/** A date plus n days, YYYY-MM-DD. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The same day n months later (the month's last day when it has no such day: 31 January + 1
 * month is 28 or 29 February).
 */
export function addMonthsToDate(date: string, n: number): string {
  const month = addMonths(date.slice(0, 7), n);
  const last = lastDayOf(month);
  const day = date.slice(8, 10);
  return day > last.slice(8, 10) ? last : `${month}-${day}`;
}

/**
 * The first day a hardship waiver may be granted: members of more than 12 months, so the day
 * after the anniversary of the date they became a member.
 */
export const waiverEligibleFrom = (memberSince: string): string =>
  addDays(addMonthsToDate(memberSince, CLUB_RULES.waiverMinMembershipMonths), 1);

/**
 * Why a hardship waiver is refused, or null when the rules allow it: 1 to 6 months, only for a
 * member of more than 12 months, never a month already waived, and at most 6 waived months in any
 * 12-month window (the new months counted with those already waived). A waiver starting before
 * the member joined is not refused here: the service asks for a confirmation.
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
  if (joinedOn === null || waiverEligibleFrom(joinedOn) > today)
    return `Hardship waivers are for members of more than ${CLUB_RULES.waiverMinMembershipMonths} months.`;
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
