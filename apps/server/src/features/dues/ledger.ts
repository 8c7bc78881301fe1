import { CLUB_RULES, type ClubRules, type DuesKind, type DuesStanding } from "@club/shared";

type WaiverRules = Pick<ClubRules, "waiverMaxMonths" | "waiverMinMembershipMonths" | "waiverWindowMonths">;
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
  /** Charges - payments - what waivers cover, over the lines that count (balanceOf). */
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

/** A line as the rule of waivers reads it: a void counts as its original's kind, amount negated. */
export interface CoverLine {
  kind: DuesKind;
  month: string | null;
  amountCents: number;
}

/**
 * What hardship waivers cover, per month (cents): a waiver covers its own month's dues, as that
 * month is charged, and never more. A waiver of a month not charged (yet, or any more) covers
 * nothing: it is neither credit nor a payment, so a member who paid nothing is never in credit.
 * Give it the lines that count (or every line with each void counted as its original's kind).
 */
export function waiverCover(lines: readonly CoverLine[]): Map<string, number> {
  const waived = new Map<string, number>();
  const charged = new Map<string, number>();
  for (const l of lines) {
    if (l.month === null) continue;
    if (l.kind === "waiver") waived.set(l.month, (waived.get(l.month) ?? 0) - l.amountCents);
    if (l.kind === "monthly") charged.set(l.month, (charged.get(l.month) ?? 0) + l.amountCents);
  }
  const cover = new Map<string, number>();
  for (const [month, cents] of waived) {
    const covered = Math.max(0, Math.min(cents, charged.get(month) ?? 0));
    if (covered > 0) cover.set(month, covered);
  }
  return cover;
}

/**
 * The hardship waivers of one member's ledger that cover nothing yet: lines that count, of a month
 * not charged (yet). The statement and the CSV mark them ("not charged yet").
 */
export function pendingWaivers<T extends LedgerLine & { id: number }>(lines: readonly T[]): Set<number> {
  const live = lines.filter(isLive);
  const covered = waiverCover(live);
  return new Set(live.filter((l) => l.kind === "waiver" && !covered.has(l.month ?? "")).map((l) => l.id));
}

/** Cents the lines of a member's ledger put on the balance: every line, waivers as far as they cover. */
export function balanceOf(lines: readonly CoverLine[]): number {
  const others = lines.filter((l) => l.kind !== "waiver").reduce((sum, l) => sum + l.amountCents, 0);
  return others - [...waiverCover(lines).values()].reduce((sum, c) => sum + c, 0);
}

/** A ledger line with what the report needs to date its effect. */
export interface DatedLine {
  id: number;
  memberId: number;
  kind: DuesKind;
  date: string;
  month: string | null;
  amountCents: number;
  voids: number | null;
}

/**
 * The ledger's lines as money, in date order: every line as it is, except hardship waivers (and
 * voids of them), which are replaced by what they cover and when: a waiver covers its month on
 * the day both it and the month's charge exist (the later of the two), and stops on the day
 * either is voided. So the treasurer's report counts a waiver of six months one month at a time,
 * as each month is charged, and a waiver of a month never charged counts nothing.
 * Each returned waiver effect has kind "waiver", voids null and the id of the line that caused it.
 */
export function moneyLines<T extends DatedLine>(lines: readonly T[]): T[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  /** A void read as its original: kind and month of the line it reverses. */
  const asCover = (l: T): CoverLine => {
    const original = l.kind === "void" && l.voids !== null ? byId.get(l.voids) : undefined;
    return {
      kind: original ? original.kind : l.kind,
      month: original ? original.month : l.month,
      amountCents: l.amountCents,
    };
  };
  const isWaiverLine = (l: T) => asCover(l).kind === "waiver";
  const ordered = [...lines].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const out: T[] = ordered.filter((l) => !isWaiverLine(l));
  // Per member and month: the lines that decide the cover, walked in date order.
  const groups = new Map<string, T[]>();
  for (const l of ordered) {
    const c = asCover(l);
    if ((c.kind !== "waiver" && c.kind !== "monthly") || c.month === null) continue;
    const key = `${l.memberId}:${c.month}`;
    const group = groups.get(key);
    if (group) group.push(l);
    else groups.set(key, [l]);
  }
  for (const group of groups.values()) {
    if (!group.some(isWaiverLine)) continue;
    let before = 0;
    for (let i = 0; i < group.length; i++) {
      const line = group[i]!;
      const after = [...waiverCover(group.slice(0, i + 1).map(asCover)).values()][0] ?? 0;
      if (after !== before)
        out.push({
          ...line,
          kind: "waiver",
          voids: null,
          month: asCover(line).month,
          amountCents: before - after,
        });
      before = after;
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/**
 * Where a member stands: the one computation behind the member's page, the treasurer's list,
 * the statement, the export and the reminder email.
 *
 * A hardship waiver covers its own month's charge, as that month is charged (waiverCover): a
 * waiver of a month not charged yet is not credit. Credits (payments, an opening credit) pay the
 * charges in order: a balance brought forward first, then the joining fee and the months, oldest
 * first. "Paid through" is the last month so covered (from the month before the ledger's first
 * charged month, when it has an opening; a balance brought forward still owed moves it back one
 * month per month of dues it amounts to, never before the month they became a member); credit
 * left over after the last charged month pays the following months at the monthly rate. Charges of
 * the current month are due, not late: a member is behind only when a charge of an earlier month
 * (or a balance brought forward) is unpaid.
 */
export function summarise(
  lines: LedgerLine[],
  currentMonth: string,
  opts: { ledgerStart?: string | null; memberSince?: string | null; monthlyDuesCents?: number } = {},
): LedgerSummary {
  // The months an amount stands for, at this month's dues (never 0: a club may charge nothing).
  const monthly = Math.max(opts.monthlyDuesCents ?? CLUB_RULES.monthlyDuesCents, 1);
  const live = lines.filter(isLive);
  const balanceCents = balanceOf(live);
  const waivers = waiverCover(live);
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
  let credit = -live
    .filter((l) => l.amountCents < 0 && l.kind !== "waiver")
    .reduce((sum, l) => sum + l.amountCents, 0);

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
      // Owing from before the ledger: paid through as many months earlier as it amounts to.
      if (line.kind === "opening" && paidThrough !== null) {
        const back = addMonths(paidThrough, -Math.ceil((cents - credit) / monthly));
        paidThrough = opts.memberSince && back < opts.memberSince.slice(0, 7) ? null : back;
      }
      credit = 0;
    } else if (cents > 0) {
      unpaid.push({ line, cents });
    }
  }
  if (covered && paidThrough !== null) {
    const lastMonthly = charges.filter((c) => c.line.kind === "monthly").at(-1)?.line.month ?? paidThrough;
    const ahead = Math.min(Math.floor(credit / monthly), 1200);
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

/** What a member's recorded opening tells summarise. */
export const openingOpts = (opening: { firstChargedMonth: string; memberSince: string } | undefined) => ({
  ledgerStart: opening?.firstChargedMonth ?? null,
  memberSince: opening?.memberSince ?? null,
});

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
export const waiverEligibleFrom = (
  memberSince: string,
  rules: Pick<WaiverRules, "waiverMinMembershipMonths"> = CLUB_RULES,
): string => addDays(addMonthsToDate(memberSince, rules.waiverMinMembershipMonths), 1);

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
  /** The club's waiver rules (the spec's by default). */
  rules?: WaiverRules;
}): string | null {
  const { joinedOn, today, fromMonth, months, waived } = opts;
  const rules = opts.rules ?? CLUB_RULES;
  const currentMonth = today.slice(0, 7);
  if (!Number.isInteger(months) || months < 1 || months > rules.waiverMaxMonths)
    return `A hardship waiver is for 1 to ${rules.waiverMaxMonths} months.`;
  if (joinedOn === null || waiverEligibleFrom(joinedOn, rules) > today)
    return `Hardship waivers are for members of more than ${rules.waiverMinMembershipMonths} months.`;
  if (monthsBetween(currentMonth, fromMonth) > rules.waiverWindowMonths)
    return `A waiver can start at most ${rules.waiverWindowMonths} months ahead.`;
  const asked = Array.from({ length: months }, (_, i) => addMonths(fromMonth, i));
  const already = asked.find((m) => waived.includes(m));
  if (already) return `${already} is already waived.`;
  const all = [...waived, ...asked];
  for (const start of all.flatMap((m) => [m, addMonths(m, -(rules.waiverWindowMonths - 1))])) {
    const inWindow = all.filter((m) => {
      const d = monthsBetween(start, m);
      return d >= 0 && d < rules.waiverWindowMonths;
    }).length;
    if (inWindow > rules.waiverMaxMonths)
      return `At most ${rules.waiverMaxMonths} months can be waived in any ${rules.waiverWindowMonths} months.`;
  }
  return null;
}
