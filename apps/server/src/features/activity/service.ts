import {
  entityHasDependents,
  findActivity,
  findMeetingNight,
  listHiddenPours,
  insertEntity,
  isEntityKind,
  listActivity,
  loadEntity,
  markActivityUndone,
  removeEntity,
  sameRow,
  updateEntity,
  type ActivityRow,
  type Snapshot,
} from "@club/db";
import { ServerMessages, type ActivityEntry, type ActivityQuery } from "@club/shared";
import type { AuthedCtx } from "../../api/context";
import { ConflictError, ForbiddenError, NotFoundError } from "../../api/errors";
import { isHostOf } from "../night/access";
import { isMergeEntry, undoMerge } from "../merge/service";
import { isLedgerEntry, ledgerEntryVisible, ledgerUndoRefusal, undoLedgerWrite } from "../dues/undo";
import { recordActivity } from "./record";

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

/**
 * What the caller may not see of a still hidden blind pour (DESIGN.md section 5): the keys
 * "meetingId:bottleId" of pours hidden from them, i.e. at blind nights they do not run.
 */
function hiddenPoursFor(ctx: AuthedCtx): Set<string> {
  const hidden = new Set<string>();
  const hosts = new Map<number, boolean>();
  for (const { meetingId, bottleId } of listHiddenPours(ctx.db)) {
    let runs = hosts.get(meetingId);
    if (runs === undefined) {
      const meeting = findMeetingNight(ctx.db, meetingId);
      hosts.set(meetingId, (runs = meeting !== undefined && isHostOf(ctx.user, meeting)));
    }
    if (!runs) hidden.add(`${meetingId}:${bottleId}`);
  }
  return hidden;
}

function redactedKey(entityId: string, entity: string, hidden: Set<string>): string {
  if (entity !== "meetingBottle" && entity !== "score") return entityId;
  const [meetingId, bottleId, memberId] = entityId.split(":");
  if (!hidden.has(`${meetingId}:${bottleId}`)) return entityId;
  return [meetingId, "hidden", ...(memberId ? [memberId] : [])].join(":");
}

/** An entry about a hidden pour, without what would tell which bottle it is. */
function redact(entry: ActivityEntry, hidden: Set<string>): ActivityEntry {
  const entityId = redactedKey(entry.entityId, entry.entity, hidden);
  if (entityId === entry.entityId) return entry;
  const scrub = (snapshot: unknown) =>
    snapshot && typeof snapshot === "object"
      ? { ...snapshot, bottleId: null, _children: undefined }
      : snapshot;
  return {
    ...entry,
    entityId,
    before: scrub(entry.before),
    after: scrub(entry.after),
  };
}

/** The activity log, newest first, with whether the caller may undo each entry. */
export function getActivity(ctx: AuthedCtx, query: ActivityQuery): ActivityEntry[] {
  const rows = listActivity(ctx.db, {
    memberId: query.mine ? ctx.user.id : query.memberId,
    entity: query.entity,
    entityId: query.entityId,
    beforeId: query.before,
    limit: query.limit,
  });
  const hidden = hiddenPoursFor(ctx);
  // Asking for a hidden pour by its key must not tell that it exists.
  const visibleRows = (
    query.entityId === undefined
      ? rows
      : rows.filter(({ entry }) => redactedKey(entry.entityId, entry.entity, hidden) === entry.entityId)
  ).filter(({ entry }) => ledgerEntryVisible(ctx, entry));
  return visibleRows.map(({ entry, firstName, lastName }) =>
    redact(
      {
        id: entry.id,
        at: entry.at,
        memberId: entry.memberId,
        member: firstName === null || lastName === null ? null : { firstName, lastName },
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        before: entry.before,
        after: entry.after,
        undoable: undoRefusal(ctx, entry) === null,
        undone: entry.undoneAt !== null,
      },
      hidden,
    ),
  );
}

/**
 * Undoes a change: a creation is removed, a deletion restored (with what it took along), an edit
 * set back. Refused with a 409 when the entity changed since (it is no longer as the change left
 * it), or when something was added to it since; written to the log as a change of its own.
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
  const key = entry.entityId;
  const before = entry.before as Snapshot | null;
  const after = entry.after as Snapshot | null;
  const result = ctx.db.transaction(() => {
    const current = loadEntity(ctx.db, kind, key);
    if (after === null) {
      if (current) throw new ConflictError(ServerMessages.changedSince, "CHANGED_SINCE");
      try {
        insertEntity(ctx.db, kind, before as Snapshot);
      } catch (error) {
        if (String(error).includes("FOREIGN KEY"))
          throw new ConflictError(ServerMessages.undoConflict, "UNDO_CONFLICT");
        throw error;
      }
    } else {
      if (!sameRow(current, after)) throw new ConflictError(ServerMessages.changedSince, "CHANGED_SINCE");
      if (before === null) {
        if (entityHasDependents(ctx.db, kind, key))
          throw new ConflictError(ServerMessages.hasDependents, "HAS_DEPENDENTS");
        removeEntity(ctx.db, kind, key);
      } else {
        try {
          updateEntity(ctx.db, kind, key, before);
        } catch (error) {
          if (String(error).includes("FOREIGN KEY"))
            throw new ConflictError(ServerMessages.undoConflict, "UNDO_CONFLICT");
          throw error;
        }
      }
    }
    markActivityUndone(ctx.db, entry.id, ctx.user.id, new Date().toISOString());
    const restored = loadEntity(ctx.db, kind, key);
    const { id } = recordActivity(ctx, kind, key, current ?? null, restored ?? null, entry.id);
    return { ok: true as const, activityId: id };
  });
  // An undone upload or restored bottle may leave an image that nothing can bring back.
  if (kind === "image" || kind === "bottle") void ctx.images.sweepSoon();
  return result;
}
