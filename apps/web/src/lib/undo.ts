import { useCallback } from "react";
import type { ActivityAction, RouterOutputs } from "@club/api";
import { ServerMessages } from "@club/shared";
import { UNDO_ACTION } from "./activityActions";
import { failureMessage } from "./failure";
import { onSaved } from "./notify";
import type { UndoAction } from "./undoAction";
import { trpc } from "./trpc";

/** The kinds of entity a member's change can be undone on (the activity log's `entity`). */
export type UndoEntity =
  | "meeting"
  | "meetingBottle"
  | "bottle"
  | "instance"
  | "comment"
  | "theme"
  | "image"
  | "duesEntry"
  | "duesOpening";

/** An entry of the activity log, as the web app receives it. */
export type ActivityItem = RouterOutputs["activity"]["list"][number];

/** The change a toast offers to undo. */
export interface UndoTarget {
  entity: UndoEntity;
  /** The entity's id; "meetingId:bottleId" for a bottle in a meeting. */
  entityId: string | number;
  /**
   * The procedure of the change (e.g. "bottles.updateAbv"; a type: a misspelt one does not
   * compile). When the member's newest entry on the entity is another change, that one is not
   * undone in its place.
   */
  action: ActivityAction;
}

/** What undoing needs from the server: the tRPC client in the app, a stand-in in tests. */
export interface UndoApi {
  /** The caller's newest activity entry on the entity, if any. */
  newestOwnEntry: (entity: string, entityId: string) => Promise<ActivityItem | undefined>;
  undo: (activityId: number) => Promise<unknown>;
}

export const NOTHING_TO_UNDO = "There is nothing of yours to undo there any more.";
const UNDO_FALLBACK = "The change could not be undone. Please try again.";

/** A refusal found before asking the server to undo; its message is for the member. */
export class UndoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UndoRefused";
  }
}

/**
 * Undoes the member's newest change to an entity, if it is the change the toast was for. Throws
 * UndoRefused (nothing there, already undone, changed since) or the server's refusal.
 */
export async function undoLatest(api: UndoApi, target: UndoTarget): Promise<void> {
  const entry = await api.newestOwnEntry(target.entity, String(target.entityId));
  if (!entry) throw new UndoRefused(NOTHING_TO_UNDO);
  if (entry.undone || entry.action === UNDO_ACTION) throw new UndoRefused(ServerMessages.alreadyUndone);
  if (entry.action !== target.action) throw new UndoRefused(ServerMessages.changedSince);
  await api.undo(entry.id);
}

/** "Could not undo. <why>", in plain words, for any failure of an undo. */
export function undoFailureMessage(error: unknown): string {
  const why = error instanceof UndoRefused ? error.message : failureMessage(error, UNDO_FALLBACK);
  return why === UNDO_FALLBACK ? why : `Could not undo. ${why}`;
}

type Client = ReturnType<typeof trpc.useUtils>["client"];

/** The app's UndoApi over the tRPC client (never from the query cache: the log just changed). */
export function undoApiOf(client: Client): UndoApi {
  return {
    newestOwnEntry: async (entity, entityId) =>
      (await client.activity.list.query({ mine: true, entity, entityId, limit: 1 }))[0],
    undo: (id) => client.activity.undo.mutate({ id }),
  };
}

/**
 * The undo of a toast: `undo(target)` is an action that undoes the change, then refreshes every
 * query on screen (an undone deletion brings back rows several screens show). It rejects with an
 * Error whose message is for the member.
 */
export function useUndo(): (target: UndoTarget) => UndoAction {
  const utils = trpc.useUtils();
  return useCallback(
    (target: UndoTarget) => async () => {
      try {
        await undoLatest(undoApiOf(utils.client), target);
      } catch (error) {
        throw new Error(undoFailureMessage(error), { cause: error });
      }
      await utils.invalidate();
    },
    [utils],
  );
}

/**
 * The onSuccess of a change the member can undo: a green toast saying `notice` with an Undo button
 * that undoes `target` (or the target built from the save's answer and input, for a creation), then
 * each step in turn (close the dialog, leave the page...).
 */
export function useUndoableSave<D = unknown, V = unknown>(
  notice: string,
  target: UndoTarget | ((data: D, variables: V) => UndoTarget),
  ...steps: (() => unknown)[]
): (data: D, variables: V) => Promise<void> {
  const undo = useUndo();
  return onSaved<D, V>(
    {
      notice,
      undo: (data, variables) => undo(typeof target === "function" ? target(data, variables) : target),
    },
    ...steps,
  );
}
