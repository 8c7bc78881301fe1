import {
  findActivity,
  insertEntity,
  isEntityKind,
  listActivity,
  loadEntity,
  markActivityUndone,
  removeEntity,
  updateEntity,
  type ActivityRow,
  type Snapshot,
} from "@club/db";
import { ServerMessages, type ActivityEntry, type ActivityQuery } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { ConflictError, databaseRuleError, ForbiddenError, NotFoundError } from "../../kernel/errors";
import { PourSecrets } from "../../policy/secrecy";
import { viewerOf } from "../../policy/viewer";
import { isMergeEntry, undoMerge } from "../merge/service";
import { isLedgerEntry, ledgerEntryVisible, ledgerUndoRefusal, undoLedgerWrite } from "../dues/undo";
import { recordActivity } from "./record";
import { hasDependents, UNDO_RULES, unchangedSince, type UndoCase } from "./undoRules";

/** An author may undo their own change for this long; an admin any change, any time. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Why the caller may not undo an entry now, or null when they may. */
function undoRefusal(ctx: AuthedCtx, entry: ActivityRow, now = Date.now()): AppErrorLike | null {
  if (entry.undoneAt) return { conflict: ServerMessages.alreadyUndone, reason: "ALREADY_UNDONE" };
  // The dues ledger has its own rules: an undo there is a void (features/dues/undo.ts).
  if (isLedgerEntry(entry)) return ledgerUndoRefusal(ctx, entry);
  if (entry.undoOf !== null || !isEntityKind(entry.entity) || (entry.before === null && entry.after === null))
    return { conflict: ServerMessages.notUndoable, reason: "NOT_UNDOABLE" };
  if (ctx.user.role === "admin") return null;
  if (entry.memberId === ctx.user.id && now - Date.parse(entry.at) < UNDO_WINDOW_MS) return null;
  return { forbidden: ServerMessages.undoTooLate };
}

type AppErrorLike = { conflict: string; reason: string } | { forbidden: string };

/** How many pages of the log one read may go through to fill its page with entries the caller may see. */
const MAX_PAGES = 20;

/**
 * The activity log, newest first, with whether the caller may undo each entry. Each entry goes
 * through the secrecy policy (policy/secrecy.ts): one about a pour hidden from the caller is
 * withheld until the reveal (asked for by its key, it does not exist); the page is filled from
 * older entries.
 */
export function getActivity(ctx: AuthedCtx, query: ActivityQuery): ActivityEntry[] {
  const secrets = PourSecrets.of(ctx.db, viewerOf(ctx.user));
  const entries: ActivityEntry[] = [];
  let beforeId = query.before;
  for (let page = 0; page < MAX_PAGES && entries.length < query.limit; page++) {
    const rows = listActivity(ctx.db, {
      memberId: query.mine ? ctx.user.id : query.memberId,
      entity: query.entity,
      entityId: query.entityId,
      beforeId,
      limit: query.limit,
    });
    for (const { entry, firstName, lastName } of rows) {
      // A member's ledger is theirs, the treasurer's and the admins' (features/dues/undo.ts).
      if (!ledgerEntryVisible(ctx, entry)) continue;
      const shown = secrets.activityEntry({
        id: entry.id,
        at: entry.at,
        memberId: entry.memberId,
        member: firstName === null || lastName === null ? null : { firstName, lastName },
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        before: entry.before,
        after: entry.after,
        viaToken: entry.viaToken,
        undoable: undoRefusal(ctx, entry) === null,
        undone: entry.undoneAt !== null,
      });
      // Asking for a hidden pour by its key must not tell that it exists.
      if (shown && (query.entityId === undefined || shown.entityId === entry.entityId)) entries.push(shown);
      if (entries.length === query.limit) break;
    }
    if (rows.length < query.limit) break;
    beforeId = rows[rows.length - 1]!.entry.id;
  }
  return entries;
}

/**
 * Undoes a change: a creation is removed, a deletion restored (with what it took along), an edit
 * set back. Refused with a 409 when the entity changed since (it is no longer as the change left
 * it), when something was added to it since, or when the same change made directly would be
 * refused now (undoRules.ts: the rule's own message); it triggers what the direct change triggers.
 * Written to the log as a change of its own.
 */
export function undo(ctx: AuthedCtx, input: { id: number }): { ok: true; activityId: number } {
  const entry = findActivity(ctx.db, input.id);
  if (!entry) throw new NotFoundError(ServerMessages.activityNotFound);
  const refusal = undoRefusal(ctx, entry);
  if (refusal && "forbidden" in refusal) throw new ForbiddenError(refusal.forbidden, "UNDO_NOT_ALLOWED");
  if (refusal) throw new ConflictError(refusal.conflict, refusal.reason);
  if (isMergeEntry(entry)) return undoMerge(ctx, entry);
  if (isLedgerEntry(entry)) return undoLedgerWrite(ctx, entry);
  const kind = entry.entity;
  if (!isEntityKind(kind)) throw new ConflictError(ServerMessages.notUndoable, "NOT_UNDOABLE");
  const rule = UNDO_RULES[kind];
  const key = entry.entityId;
  const before = entry.before as Snapshot | null;
  const after = entry.after as Snapshot | null;
  let undone: UndoCase | undefined;
  const result = ctx.db.transaction(() => {
    const current = loadEntity(ctx.db, kind, key);
    const c: UndoCase = { kind, key, current, target: before };
    if (after === null) {
      if (current) throw new ConflictError(ServerMessages.changedSince, "CHANGED_SINCE");
    } else if (!unchangedSince(kind, current, after))
      throw new ConflictError(ServerMessages.changedSince, "CHANGED_SINCE");
    rule.check?.(ctx, c);
    if (after !== null && before === null && hasDependents(ctx, kind, key))
      throw new ConflictError(ServerMessages.hasDependents, "HAS_DEPENDENTS");
    try {
      if (rule.apply) rule.apply(ctx, c);
      else if (after === null) insertEntity(ctx.db, kind, before as Snapshot);
      else if (before === null) removeEntity(ctx.db, kind, key);
      else updateEntity(ctx.db, kind, key, before);
    } catch (error) {
      if (String(error).includes("FOREIGN KEY"))
        throw new ConflictError(ServerMessages.undoConflict, "UNDO_CONFLICT");
      // A rule the database holds (a unique name, a CHECK): the rule's message, never a 500.
      throw databaseRuleError(error) ?? error;
    }
    rule.during?.(ctx, c);
    markActivityUndone(ctx.db, entry.id, ctx.user.id, new Date().toISOString());
    const restored = loadEntity(ctx.db, kind, key);
    const { id } = recordActivity(ctx, kind, key, current ?? null, restored ?? null, entry.id);
    undone = c;
    return { ok: true as const, activityId: id };
  });
  if (undone) rule.after?.(ctx, undone);
  return result;
}
