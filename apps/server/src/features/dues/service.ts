import {
  findDuesEntry,
  findDuesMember,
  findDuesOpening,
  insertDuesEntry,
  insertDuesVoid,
  listDuesEntries,
  listDuesMembers,
  listDuesOpenings,
  listWaivedMonths,
  type DuesEntryRow,
  type DuesMemberDetail,
  type DuesOpeningRow,
} from "@club/db";
import {
  dayLabel,
  DuesMessages,
  monthLabel,
  ServerMessages,
  type DuesEntry,
  type DuesMember,
  type DuesOpening,
  type DuesStatement,
  type OpeningInput,
  type PaymentInput,
  type VoidInput,
  type WaiverInput,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "../../kernel/errors";
import { addMonths, dateIn, monthIn } from "../../platform/clubTime";
import { recordActivity } from "../activity/record";
import { runDuesJob } from "./job";
import {
  openingOpts,
  pendingWaivers,
  summarise,
  waiverEligibleFrom,
  waiverRefusal,
  type LedgerLine,
  type LedgerSummary,
} from "./ledger";
import { clubOf } from "../club/service";
import { applyOpening, effectiveOpening, fieldError, ledgerSnapshot, openingSnapshot } from "./opening";

const toDollars = (cents: number) => cents / 100 + 0;

export const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/** The treasurer and admins may change the ledger (the procedures say so too; undo comes here directly). */
export function requireTreasurer(ctx: AuthedCtx): void {
  if (ctx.user.role !== "admin" && ctx.user.role !== "treasurer")
    throw new ForbiddenError(ServerMessages.treasurerOnly);
}

const today = (ctx: Deps) => dateIn(ctx.config.clubTimezone, ctx.now());

/** Where a member stands: the one summary every screen, the CSV and the reminder email show. */
export function standingOf(
  ctx: Deps,
  rows: LedgerLine[],
  opening: DuesOpeningRow | undefined,
  currentMonth = monthIn(ctx.config.clubTimezone, ctx.now()),
): LedgerSummary {
  return summarise(rows, currentMonth, {
    ...openingOpts(opening),
    monthlyDuesCents: clubOf(ctx, currentMonth).monthlyDuesCents,
  });
}

/** The statement's lines: voided ones marked, each void and its original with the void's reason. */
function entriesOf(rows: DuesEntryRow[]): DuesEntry[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pending = pendingWaivers(rows);
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    kind: r.kind,
    amount: toDollars(r.amountCents),
    month: r.month,
    method: r.method,
    note: r.note,
    voided: r.voidedBy !== null,
    voids: r.voids,
    reason:
      r.kind === "void" ? r.reason : r.voidedBy !== null ? (byId.get(r.voidedBy)?.reason ?? null) : null,
    pending: pending.has(r.id),
  }));
}

const standingFields = (summary: LedgerSummary) => ({
  balance: toDollars(summary.balanceCents),
  paidThrough: summary.paidThrough,
  monthsBehind: summary.monthsBehind,
  standing: summary.standing,
  amountDue: toDollars(summary.amountDueCents),
  amountBehind: toDollars(summary.amountBehindCents),
  dueDate: summary.dueDate,
});

function statementOf(ctx: Deps, member: DuesMemberDetail): DuesStatement {
  const rows = listDuesEntries(ctx.db, member.id);
  const opening = findDuesOpening(ctx.db, member.id);
  const effective: DuesOpening = effectiveOpening(ctx, member, opening, rows);
  return {
    ...standingFields(standingOf(ctx, rows, opening)),
    memberSince: effective.memberSince,
    waiverEligibleFrom: effective.memberSince ? waiverEligibleFrom(effective.memberSince, clubOf(ctx)) : null,
    opening: effective,
    entries: entriesOf(rows),
  };
}

function ledgerMemberOrThrow(ctx: Deps, memberId: number): DuesMemberDetail {
  const member = findDuesMember(ctx.db, memberId);
  if (!member) throw new NotFoundError(ServerMessages.memberNotFound);
  return member;
}

// The ledger is brought up to date (runDuesJob) by the scheduled job and before the reads that
// cannot be refused once the caller is known (my statement, the list, the export): a refused
// request never writes.

/** GET /api/Dues/Me: the caller's standing, paid-through month and history, newest first. */
export function myDues(ctx: AuthedCtx): DuesStatement {
  runDuesJob(ctx);
  const member = findDuesMember(ctx.db, ctx.user.id);
  if (!member) throw new NotFoundError(ServerMessages.memberNotFound);
  return statementOf(ctx, member);
}

/** GET /api/Dues/Members/{memberId}: one member's statement, for the treasurer. */
export function memberDues(ctx: AuthedCtx, input: { memberId: number }): DuesStatement {
  return statementOf(ctx, ledgerMemberOrThrow(ctx, input.memberId));
}

/** GET /api/Dues: every member who is or was in the ledger, with where they stand. */
export function allDues(ctx: Deps): DuesMember[] {
  runDuesJob(ctx);
  const byMember = new Map<number, DuesEntryRow[]>();
  for (const row of listDuesEntries(ctx.db)) {
    const rows = byMember.get(row.memberId);
    if (rows) rows.push(row);
    else byMember.set(row.memberId, [row]);
  }
  const openings = new Map(listDuesOpenings(ctx.db).map((o) => [o.memberId, o]));
  const currentMonth = monthIn(ctx.config.clubTimezone, ctx.now());
  return listDuesMembers(ctx.db)
    .filter((m) => m.status === "active" || byMember.has(m.id))
    .map((m) => {
      const rows = byMember.get(m.id) ?? [];
      const opening = openings.get(m.id);
      return {
        member: { id: m.id, firstName: m.firstName, lastName: m.lastName },
        ...standingFields(standingOf(ctx, rows, opening, currentMonth)),
        memberSince: effectiveOpening(ctx, m, opening, rows).memberSince,
      };
    });
}

/**
 * The sanity check of a payment: the question the treasurer must answer (409 unless confirmed)
 * when it leaves the member more than a year of dues in credit, or is dated before they became a
 * member; null when neither. It says what the payment covers.
 */
function paymentQuestion(ctx: Deps, member: DuesMemberDetail, input: PaymentInput): string | null {
  const rows = listDuesEntries(ctx.db, member.id);
  const opening = findDuesOpening(ctx.db, member.id);
  const cents = Math.round(input.amount * 100);
  const after = standingOf(
    ctx,
    [...rows, { kind: "payment", month: null, date: input.date, amountCents: -cents }],
    opening,
  );
  const yearAhead = -after.balanceCents > clubOf(ctx).monthlyDuesCents * 12;
  const memberSince = effectiveOpening(ctx, member, opening, rows).memberSince;
  const early = memberSince !== null && input.date < memberSince;
  if (!yearAhead && !early) return null;
  const parts = [
    after.paidThrough
      ? `This pays through ${monthLabel(after.paidThrough)}.`
      : "This does not pay a whole month yet.",
  ];
  if (early)
    parts.push(
      `It is dated ${dayLabel(input.date)}, before ${fullName(member)} became a member (${dayLabel(memberSince)}).`,
    );
  return `${parts.join(" ")} Record it anyway?`;
}

/** POST /api/Dues/Payments: the treasurer records money received. */
export function recordPayment(ctx: AuthedCtx, input: PaymentInput): DuesStatement {
  const member = ledgerMemberOrThrow(ctx, input.memberId);
  if (!input.confirm) {
    const question = paymentQuestion(ctx, member, input);
    if (question) throw new ConflictError(question, "CONFIRM_LARGE_PAYMENT");
  }
  ctx.db.transaction(() => {
    const id = insertDuesEntry(ctx.db, {
      memberId: input.memberId,
      kind: "payment",
      month: null,
      date: input.date,
      amountCents: -Math.round(input.amount * 100),
      method: input.method,
      note: input.note,
      createdBy: ctx.user.id,
    });
    const line = id === null ? undefined : findDuesEntry(ctx.db, id);
    if (!line) throw new Error("the payment was not recorded");
    recordActivity(ctx, "duesEntry", line.id, null, ledgerSnapshot(line, member));
  });
  return statementOf(ctx, member);
}

/** POST /api/Dues/Waivers: a hardship waiver of whole months, within the About page's rules. */
export function grantWaiver(ctx: AuthedCtx, input: WaiverInput): DuesStatement {
  const member = ledgerMemberOrThrow(ctx, input.memberId);
  // Nobody forgives their own dues: another treasurer or an admin is asked.
  if (input.memberId === ctx.user.id) throw new ForbiddenError(DuesMessages.ownWaiver);
  const day = today(ctx);
  const rules = clubOf(ctx);
  // More months than the club's rule allows is a request that cannot be right: a 400, as before
  // the rule was the club's to set.
  if (input.months > rules.waiverMaxMonths)
    throw new BadRequestError(DuesMessages.waiverMonths(rules.waiverMaxMonths));
  const rows = listDuesEntries(ctx.db, member.id);
  const memberSince = effectiveOpening(ctx, member, findDuesOpening(ctx.db, member.id), rows).memberSince;
  const refusal = waiverRefusal({
    joinedOn: memberSince,
    today: day,
    fromMonth: input.fromMonth,
    months: input.months,
    waived: listWaivedMonths(ctx.db, input.memberId),
    rules,
  });
  if (refusal) throw new ConflictError(refusal, "WAIVER_REFUSED");
  if (!input.confirm && memberSince !== null && input.fromMonth < memberSince.slice(0, 7)) {
    const last = addMonths(input.fromMonth, input.months - 1);
    const span =
      input.months === 1 ? monthLabel(last) : `${monthLabel(input.fromMonth)} to ${monthLabel(last)}`;
    throw new ConflictError(
      DuesMessages.earlyWaiver(span, fullName(member), dayLabel(memberSince)),
      "CONFIRM_EARLY_WAIVER",
    );
  }
  ctx.db.transaction(() => {
    const lines: DuesEntryRow[] = [];
    for (let i = 0; i < input.months; i++) {
      const id = insertDuesEntry(ctx.db, {
        memberId: input.memberId,
        kind: "waiver",
        month: addMonths(input.fromMonth, i),
        date: day,
        amountCents: -clubOf(ctx, addMonths(input.fromMonth, i)).monthlyDuesCents,
        method: null,
        note: input.reason,
        createdBy: ctx.user.id,
      });
      const line = id === null ? undefined : findDuesEntry(ctx.db, id);
      if (!line)
        throw new ConflictError(DuesMessages.alreadyWaived(addMonths(input.fromMonth, i)), "WAIVER_REFUSED");
      lines.push(line);
    }
    // One entry for the whole waiver: undoing it voids every month of it.
    const first = lines[0]!;
    recordActivity(ctx, "duesEntry", first.id, null, {
      ...ledgerSnapshot(first, member),
      amountCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
      months: lines.map((l) => l.month),
      lineIds: lines.map((l) => l.id),
    });
  });
  return statementOf(ctx, member);
}

/** Voids one line (inside the caller's transaction): the reversing line, or a 409 naming why not. */
export function voidLine(ctx: AuthedCtx, line: DuesEntryRow, reason: string): DuesEntryRow {
  if (line.kind === "void") throw new ConflictError(DuesMessages.voidOfVoid, "VOID_OF_VOID");
  if (line.voidedBy !== null) throw new ConflictError(DuesMessages.alreadyVoided, "ALREADY_VOIDED");
  const reversal = insertDuesVoid(ctx.db, line, { date: today(ctx), reason, createdBy: ctx.user.id });
  if (!reversal) throw new ConflictError(DuesMessages.alreadyVoided, "ALREADY_VOIDED");
  return reversal;
}

/**
 * POST /api/Dues/Entries/{id}/Void: corrects a payment, a waiver or a charge the accountant's way.
 * The line stays, marked voided; a reversing line with the reason cancels it. A balance brought
 * forward is changed through the member's opening instead.
 */
export function voidEntry(ctx: AuthedCtx, input: VoidInput): DuesStatement {
  requireTreasurer(ctx);
  const line = findDuesEntry(ctx.db, input.id);
  if (!line) throw new NotFoundError(DuesMessages.entryNotFound);
  const member = ledgerMemberOrThrow(ctx, line.memberId);
  if (line.memberId === ctx.user.id && line.amountCents > 0) throw new ForbiddenError(DuesMessages.ownCharge);
  if (line.kind === "opening") throw new ConflictError(DuesMessages.openingLine, "OPENING_LINE");
  ctx.db.transaction(() => {
    const reversal = voidLine(ctx, line, input.reason);
    recordActivity(ctx, "duesEntry", line.id, ledgerSnapshot(line, member), ledgerSnapshot(reversal, member));
  });
  return statementOf(ctx, member);
}

/**
 * PUT /api/Dues/Members/{memberId}/Opening: where a member from before the app starts. Recorded
 * in the activity log with the opening before and after, and the lines it voided and wrote.
 */
export function setOpening(ctx: AuthedCtx, input: OpeningInput): DuesStatement {
  const member = ledgerMemberOrThrow(ctx, input.memberId);
  const day = today(ctx);
  if (input.memberSince > day) throw fieldError("memberSince", DuesMessages.memberSinceFuture);
  if (input.firstChargedMonth > day.slice(0, 7))
    throw fieldError("firstChargedMonth", DuesMessages.firstMonthFuture);
  if (input.firstChargedMonth < input.memberSince.slice(0, 7))
    throw fieldError("firstChargedMonth", DuesMessages.firstMonthBeforeMember);
  ctx.db.transaction(() => {
    const before = openingSnapshot(ctx, member);
    const lines = applyOpening(ctx, member, {
      memberSince: input.memberSince,
      joiningFeePaid: input.joiningFeePaid,
      firstChargedMonth: input.firstChargedMonth,
      openingBalanceCents: Math.round(input.openingBalance * 100),
      note: input.note,
      recorded: true,
    });
    recordActivity(ctx, "duesOpening", member.id, before, { ...openingSnapshot(ctx, member), ...lines });
  });
  return statementOf(ctx, member);
}

export { statementOf };
