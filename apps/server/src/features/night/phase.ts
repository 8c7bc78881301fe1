import { deletePhase, findPhase, pourAt, putPhase } from "@club/db";
import { ServerMessages, type Phase, type PhaseInput } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { NotFoundError } from "../../kernel/errors";
import { recordActivity } from "../activity/record";
import { assertHost, meetingOrThrow } from "./access";
import { notifyNightStarted } from "./notices";

/**
 * The host sets the rhythm: the current pour and its phase, with an optional timer.
 * Every phone follows through the live stream's "phase" event, which carries the phase itself.
 * `pour: null` turns phases off. Recorded in the activity log (not undone: it is the room's moment).
 */
export function setPhase(ctx: AuthedCtx, input: PhaseInput): { ok: true } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  if (input.pour !== null && !pourAt(ctx.db, meeting.id, input.pour))
    throw new NotFoundError(ServerMessages.pourNotFound);
  const next: Phase | null =
    input.pour === null
      ? null
      : {
          pour: input.pour,
          phase: input.phase,
          endsAt:
            input.seconds === undefined || input.phase === null
              ? null
              : new Date(ctx.now().getTime() + input.seconds * 1000).toISOString(),
        };
  ctx.db.transaction(() => {
    const before = findPhase(ctx.db, meeting.id) ?? null;
    if (next === null) deletePhase(ctx.db, meeting.id);
    else putPhase(ctx.db, meeting.id, next);
    recordActivity(ctx, "phase", meeting.id, before, next);
    if (before === null && next !== null) notifyNightStarted(ctx, meeting.id);
  });
  ctx.events.emit(meeting.id, { kind: "phase", phase: next });
  return { ok: true };
}
