import {
  findDuesMember,
  insertDuesEntry,
  listDuesEntries,
  listDuesMembers,
  listWaivedMonths,
  type DuesEntryRow,
} from "@club/db";
import {
  CLUB_RULES,
  ServerMessages,
  type DuesMember,
  type DuesStatement,
  type PaymentInput,
  type WaiverInput,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../api/context";
import { ConflictError, NotFoundError } from "../../api/errors";
import { addMonths, dateIn, monthIn } from "../../platform/clubTime";
import { recordActivity } from "../activity/record";
import { runDuesJob } from "./job";
import { summarise, waiverRefusal } from "./ledger";

const toDollars = (cents: number) => cents / 100;

function statementOf(ctx: Deps, rows: DuesEntryRow[]): DuesStatement {
  const summary = summarise(rows, monthIn(ctx.config.clubTimezone, ctx.now()));
  return {
    balance: toDollars(summary.balanceCents),
    paidThrough: summary.paidThrough,
    monthsBehind: summary.monthsBehind,
    entries: rows.map((r) => ({
      id: r.id,
      date: r.date,
      kind: r.kind,
      amount: toDollars(r.amountCents),
      month: r.month,
      method: r.method,
      note: r.note,
    })),
  };
}

// The ledger is brought up to date (runDuesJob) by the scheduled job and before the reads that
// cannot be refused once the caller is known (my statement, the list, the export): a refused
// request never writes.

/** GET /api/Dues/Me: the caller's balance, paid-through month and history, newest first. */
export function myDues(ctx: AuthedCtx): DuesStatement {
  runDuesJob(ctx);
  return statementOf(ctx, listDuesEntries(ctx.db, ctx.user.id));
}

/** GET /api/Dues/Members/{memberId}: one member's statement, for the treasurer. */
export function memberDues(ctx: AuthedCtx, input: { memberId: number }): DuesStatement {
  if (!findDuesMember(ctx.db, input.memberId)) throw new NotFoundError(ServerMessages.memberNotFound);
  return statementOf(ctx, listDuesEntries(ctx.db, input.memberId));
}

/** GET /api/Dues: every member who is or was in the ledger, with balance and months behind. */
export function allDues(ctx: Deps): DuesMember[] {
  runDuesJob(ctx);
  const byMember = new Map<number, DuesEntryRow[]>();
  for (const row of listDuesEntries(ctx.db)) {
    const rows = byMember.get(row.memberId);
    if (rows) rows.push(row);
    else byMember.set(row.memberId, [row]);
  }
  return listDuesMembers(ctx.db)
    .filter((m) => m.status === "active" || byMember.has(m.id))
    .map((m) => {
      const summary = summarise(byMember.get(m.id) ?? [], monthIn(ctx.config.clubTimezone, ctx.now()));
      return {
        member: { id: m.id, firstName: m.firstName, lastName: m.lastName },
        balance: toDollars(summary.balanceCents),
        paidThrough: summary.paidThrough,
        monthsBehind: summary.monthsBehind,
      };
    });
}

function ledgerMemberOrThrow(ctx: AuthedCtx, memberId: number) {
  const member = findDuesMember(ctx.db, memberId);
  if (!member) throw new NotFoundError(ServerMessages.memberNotFound);
  return member;
}

/** POST /api/Dues/Payments: the treasurer records money received. */
export function recordPayment(ctx: AuthedCtx, input: PaymentInput): DuesStatement {
  ledgerMemberOrThrow(ctx, input.memberId);
  ctx.db.transaction(() => {
    const entry = {
      memberId: input.memberId,
      kind: "payment" as const,
      month: null,
      date: input.date,
      amountCents: -Math.round(input.amount * 100),
      method: input.method,
      note: input.note,
      createdBy: ctx.user.id,
    };
    const id = insertDuesEntry(ctx.db, entry);
    recordActivity(ctx, "duesEntry", id ?? 0, null, entry);
  });
  return statementOf(ctx, listDuesEntries(ctx.db, input.memberId));
}

/** POST /api/Dues/Waivers: a hardship waiver of whole months, within the About page's rules. */
export function grantWaiver(ctx: AuthedCtx, parsed: WaiverInput): DuesStatement {
  const member = ledgerMemberOrThrow(ctx, parsed.memberId);
  const today = dateIn(ctx.config.clubTimezone, ctx.now());
  const joinedOn = member.joinedAt ? dateIn(ctx.config.clubTimezone, new Date(member.joinedAt)) : null;
  const refusal = waiverRefusal({
    joinedOn,
    today,
    fromMonth: parsed.fromMonth,
    months: parsed.months,
    waived: listWaivedMonths(ctx.db, parsed.memberId),
  });
  if (refusal) throw new ConflictError(refusal, "WAIVER_REFUSED");
  ctx.db.transaction(() => {
    for (let i = 0; i < parsed.months; i++) {
      const month = addMonths(parsed.fromMonth, i);
      const entry = {
        memberId: parsed.memberId,
        kind: "waiver" as const,
        month,
        date: today,
        amountCents: -CLUB_RULES.monthlyDuesCents,
        method: null,
        note: parsed.reason,
        createdBy: ctx.user.id,
      };
      const id = insertDuesEntry(ctx.db, entry);
      recordActivity(ctx, "duesEntry", id ?? 0, null, entry);
    }
  });
  return statementOf(ctx, listDuesEntries(ctx.db, parsed.memberId));
}
