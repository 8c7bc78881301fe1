import { findDuesEntry, findDuesMember, markActivityUndone, type ActivityRow } from "@club/db";
import { DuesMessages, ServerMessages } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { ConflictError, NotFoundError } from "../../kernel/errors";
import { recordActivity } from "../activity/record";
import { applyOpening, ledgerSnapshot, openingSnapshot } from "./opening";
import { requireTreasurer, voidLine } from "./service";

/**
 * Undo of a ledger write (the toast's Undo, the activity log's Undo): the ledger is never edited,
 * so undoing a payment or a waiver voids it (reason "Undone"), and undoing an opening sets the
 * opening back, voiding and charging what that implies. A void is final. The activity feature
 * hands these entries here (features/activity/service.ts), so the rules are the ledger's own:
 * the treasurer and admins only, never twice, never after a later change.
 */

/** The reason of a void made by an undo. */
export const UNDO_REASON = "Undone";

const LEDGER_ENTITIES = new Set(["duesEntry", "duesOpening"]);

/** An activity entry about the dues ledger. */
export const isLedgerEntry = (entry: Pick<ActivityRow, "entity">): boolean =>
  LEDGER_ENTITIES.has(entry.entity);

type Row = Record<string, unknown>;
const rowOf = (value: unknown): Row | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Row) : null;

/** The member a ledger entry is about (the activity log shows it to them, the treasurer and admins). */
export function ledgerEntryMemberId(entry: Pick<ActivityRow, "before" | "after">): number | null {
  const row = rowOf(entry.after) ?? rowOf(entry.before);
  return typeof row?.memberId === "number" ? row.memberId : null;
}

/** Only the treasurer, admins and the member concerned see a ledger entry in the activity log. */
export function ledgerEntryVisible(
  ctx: AuthedCtx,
  entry: Pick<ActivityRow, "entity" | "before" | "after">,
): boolean {
  if (!isLedgerEntry(entry)) return true;
  if (ctx.user.role === "admin" || ctx.user.role === "treasurer") return true;
  return ledgerEntryMemberId(entry) === ctx.user.id;
}

/** The lines a payment or waiver entry wrote (a waiver: one per month). */
function linesOf(entry: ActivityRow): number[] {
  const after = rowOf(entry.after);
  const ids = Array.isArray(after?.lineIds)
    ? after.lineIds.filter((id): id is number => typeof id === "number")
    : [];
  return ids.length > 0 ? ids : [Number(entry.entityId)];
}

const OPENING_KEYS = [
  "memberSince",
  "joiningFeePaid",
  "firstChargedMonth",
  "openingBalance",
  "note",
  "recorded",
];
const sameOpening = (a: Row | null, b: Row | null) =>
  a !== null && b !== null && OPENING_KEYS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

export type LedgerRefusal = { conflict: string; reason: string } | { forbidden: string };

/** Why the caller may not undo a ledger entry now, or null when they may. */
export function ledgerUndoRefusal(ctx: AuthedCtx, entry: ActivityRow): LedgerRefusal | null {
  if (entry.undoneAt) return { conflict: ServerMessages.alreadyUndone, reason: "ALREADY_UNDONE" };
  if (entry.undoOf !== null || (entry.before === null && entry.after === null))
    return { conflict: ServerMessages.notUndoable, reason: "NOT_UNDOABLE" };
  if (ctx.user.role !== "admin" && ctx.user.role !== "treasurer")
    return { forbidden: DuesMessages.notTreasurer };
  if (entry.entity === "duesOpening") {
    const memberId = Number(entry.entityId);
    const member = findDuesMember(ctx.db, memberId);
    if (!member) return { conflict: ServerMessages.notUndoable, reason: "NOT_UNDOABLE" };
    return sameOpening(openingSnapshot(ctx, member), rowOf(entry.after))
      ? null
      : { conflict: ServerMessages.changedSince, reason: "CHANGED_SINCE" };
  }
  // A void (and a payment or waiver of an older entry's shape) is final once it reverses a line.
  if (rowOf(entry.after)?.kind === "void" || entry.before !== null)
    return { conflict: DuesMessages.voidNotUndoable, reason: "NOT_UNDOABLE" };
  const lines = linesOf(entry).map((id) => findDuesEntry(ctx.db, id));
  if (lines.every((line) => !line || line.voidedBy !== null))
    return { conflict: DuesMessages.alreadyVoided, reason: "ALREADY_VOIDED" };
  return null;
}

/** Undoes a ledger write as a void (or, for an opening, by setting the opening back). */
export function undoLedgerWrite(ctx: AuthedCtx, entry: ActivityRow): { ok: true; activityId: number } {
  requireTreasurer(ctx);
  return ctx.db.transaction(() => {
    let activityId: number;
    if (entry.entity === "duesOpening") {
      const member = findDuesMember(ctx.db, Number(entry.entityId));
      if (!member) throw new NotFoundError(ServerMessages.memberNotFound);
      const before = rowOf(entry.before) ?? {};
      const current = openingSnapshot(ctx, member);
      const lines = applyOpening(ctx, member, {
        memberSince: typeof before.memberSince === "string" ? before.memberSince : null,
        joiningFeePaid: before.joiningFeePaid === true,
        firstChargedMonth: typeof before.firstChargedMonth === "string" ? before.firstChargedMonth : null,
        openingBalanceCents: Math.round(Number(before.openingBalance ?? 0) * 100),
        note: typeof before.note === "string" ? before.note : "",
        recorded: before.recorded === true,
      });
      activityId = recordActivity(
        ctx,
        "duesOpening",
        member.id,
        current,
        { ...openingSnapshot(ctx, member), ...lines },
        entry.id,
      ).id;
    } else {
      const lines = linesOf(entry).flatMap((id) => {
        const line = findDuesEntry(ctx.db, id);
        return line && line.voidedBy === null && line.kind !== "void" ? [line] : [];
      });
      const first = lines[0];
      if (!first) throw new ConflictError(DuesMessages.alreadyVoided, "ALREADY_VOIDED");
      const member = findDuesMember(ctx.db, first.memberId);
      if (!member) throw new NotFoundError(ServerMessages.memberNotFound);
      const reversals = lines.map((line) => voidLine(ctx, line, UNDO_REASON));
      activityId = recordActivity(
        ctx,
        "duesEntry",
        entry.entityId,
        ledgerSnapshot(first, member),
        {
          ...ledgerSnapshot(reversals[0]!, member),
          amountCents: reversals.reduce((sum, r) => sum + r.amountCents, 0),
          lineIds: reversals.map((r) => r.id),
        },
        entry.id,
      ).id;
    }
    markActivityUndone(ctx.db, entry.id, ctx.user.id, ctx.now().toISOString());
    return { ok: true as const, activityId };
  });
}
