import { findMeetingNight, type FlightRow, type MeetingNightRow } from "@club/db";
import { ServerMessages, type FlightPour } from "@club/shared";
import type { AuthUser, PublicCtx } from "../../api/context";
import { ForbiddenError, NotFoundError } from "../../api/errors";
import { dateIn } from "../../platform/clubTime";

export function meetingOrThrow(ctx: PublicCtx, id: number): MeetingNightRow {
  const meeting = findMeetingNight(ctx.db, id);
  if (!meeting) throw new NotFoundError(ServerMessages.meetingNotFound);
  return meeting;
}

/** Who runs the night: the member linked as host, the meeting's creator, or an admin. */
export const isHostOf = (user: AuthUser | null, meeting: MeetingNightRow): boolean =>
  user !== null &&
  (user.role === "admin" || meeting.hostMemberId === user.id || meeting.createdBy === user.id);

export function assertHost(user: AuthUser, meeting: MeetingNightRow): void {
  if (!isHostOf(user, meeting)) throw new ForbiddenError(ServerMessages.hostOnly, "HOST_ONLY");
}

/** The meeting is today or later in the club's time zone. */
export const isUpcoming = (ctx: PublicCtx, meeting: { date: string }): boolean =>
  meeting.date >= dateIn(ctx.config.clubTimezone, ctx.now());

export const dramLabel = (pour: number) => `Dram ${pour}`;

/** A pour shown as it may be: its bottle, or null while a blind pour is still hidden from this viewer. */
export function pourView(
  meeting: MeetingNightRow,
  row: FlightRow,
  pour: number,
  seesAll: boolean,
): FlightPour {
  const revealed = !meeting.blind || row.revealedAt !== null;
  return {
    pour,
    label: dramLabel(pour),
    bottle: revealed || seesAll ? row.bottle : null,
    revealed,
    pourMl: row.pourMl,
  };
}
