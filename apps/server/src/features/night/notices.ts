import { findMeetingNight, listFlight, listNightMembers } from "@club/db";
import type { AuthedCtx } from "../../kernel/context";
import { resultsShown } from "../../policy/secrecy";
import { notify } from "../notifications/notify";

/**
 * What the night's members are told, once per night each (the claim keys): the host starting it,
 * the reveal once no pour is hidden any more, and the results once scoring is closed and the
 * results rule shows every pour's. The night's members: going with a place, or scoring. Never
 * the bottles' names: a notification says that something can be seen, the pages show it to whom
 * they may. Call inside the change's transaction.
 */
export function notifyNightStarted(ctx: AuthedCtx, meetingId: number): void {
  const meeting = findMeetingNight(ctx.db, meetingId);
  if (!meeting) return;
  notify(ctx, {
    kind: "nightStarted",
    to: listNightMembers(ctx.db, meetingId),
    except: ctx.user.id,
    values: { day: { date: meeting.date } },
    link: `/monthlymeeting/${meetingId}`,
    once: `night:${meetingId}:started`,
  });
}

/** After a reveal or a change of the night's settings: the reveal's and the results' notices, when due. */
export function notifyNightProgress(ctx: AuthedCtx, meetingId: number): void {
  const meeting = findMeetingNight(ctx.db, meetingId);
  if (!meeting) return;
  const flight = listFlight(ctx.db, meetingId);
  if (flight.length === 0) return;
  const day = { date: meeting.date };
  const to = listNightMembers(ctx.db, meetingId);
  if (meeting.blind && flight.every((pour) => pour.revealedAt !== null))
    notify(ctx, {
      kind: "revealed",
      to,
      except: ctx.user.id,
      values: { day },
      link: `/monthlymeeting/${meetingId}`,
      once: `night:${meetingId}:revealed`,
    });
  if (!meeting.scoringOpen && flight.every((pour) => resultsShown(meeting, pour)))
    notify(ctx, {
      kind: "results",
      to,
      except: ctx.user.id,
      values: { day },
      link: `/meeting/${meetingId}/results`,
      once: `night:${meetingId}:results`,
    });
}
