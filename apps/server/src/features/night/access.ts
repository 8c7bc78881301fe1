import { findMeetingNight, type MeetingNightRow } from "@club/db";
import { ServerMessages } from "@club/shared";
import type { AuthUser, PublicCtx } from "../../kernel/context";
import { ForbiddenError, NotFoundError } from "../../kernel/errors";
import { dateIn } from "../../platform/clubTime";
import { runsNight } from "../../policy/secrecy";
import { viewerOf } from "../../policy/viewer";

export function meetingOrThrow(ctx: PublicCtx, id: number): MeetingNightRow {
  const meeting = findMeetingNight(ctx.db, id);
  if (!meeting) throw new NotFoundError(ServerMessages.meetingNotFound);
  return meeting;
}

/** Who runs the night: the member linked as host, the meeting's creator, or an admin (policy/secrecy.ts). */
export const isHostOf = (user: AuthUser | null, meeting: MeetingNightRow): boolean =>
  runsNight(viewerOf(user), meeting);

export function assertHost(user: AuthUser, meeting: MeetingNightRow): void {
  if (!isHostOf(user, meeting)) throw new ForbiddenError(ServerMessages.hostOnly, "HOST_ONLY");
}

/** The meeting is today or later in the club's time zone. */
export const isUpcoming = (ctx: PublicCtx, meeting: { date: string }): boolean =>
  meeting.date >= dateIn(ctx.config.clubTimezone, ctx.now());
