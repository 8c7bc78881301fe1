import {
  findMeetingDetail,
  findThemeById,
  insertMeeting,
  insertMeetingBottle,
  isExistingBottle,
  listMeetings,
  meetingExists,
} from "@club/db";
import {
  ServerMessages,
  type AddBottleToMeetingInput,
  type MeetingDetail,
  type MeetingListItem,
  type NewMeetingInput,
} from "@club/shared";
import type { AuthedCtx, PublicCtx } from "../../api/context";
import { ConflictError, NotFoundError } from "../../api/errors";

/** Every meeting, newest date first. */
export function getMeetings(ctx: PublicCtx): MeetingListItem[] {
  return listMeetings(ctx.db);
}

export function getMeeting(ctx: PublicCtx, input: { id: number }): MeetingDetail {
  const meeting = findMeetingDetail(ctx.db, input.id);
  if (!meeting) throw new NotFoundError(ServerMessages.meetingNotFound);
  return meeting;
}

/*
 * The writes below check, then insert, in one synchronous stretch: better-sqlite3 never yields
 * in between, so no other request can interleave. Foreign and primary keys stay the backstop.
 */

/** A new meeting; an unknown themeId is a 404, never a foreign-key error. */
export function createMeeting(ctx: AuthedCtx, input: NewMeetingInput): { id: number } {
  if (!findThemeById(ctx.db, input.themeId)) throw new NotFoundError(ServerMessages.themeNotFound);
  return insertMeeting(ctx.db, { date: input.date, hostName: input.hostName, themeId: input.themeId });
}

/** Adds a library bottle to a meeting's sampled list; the same bottle twice is a 409. */
export function addBottleToMeeting(ctx: AuthedCtx, input: AddBottleToMeetingInput): { ok: true } {
  if (!meetingExists(ctx.db, input.meetingId)) throw new NotFoundError(ServerMessages.meetingNotFound);
  if (!isExistingBottle(ctx.db, input.bottleId)) throw new NotFoundError(ServerMessages.bottleNotFound);
  if (!insertMeetingBottle(ctx.db, input.meetingId, input.bottleId))
    throw new ConflictError(ServerMessages.bottleAlreadyInMeeting);
  return { ok: true };
}
