import {
  findMeetingDetail,
  findThemeById,
  insertMeeting,
  insertMeetingBottle,
  isExistingBottle,
  listMeetings,
  listCalendarMeetings,
  findMeetingNight,
  memberNamed,
  recordMeetingCancellation,
  loadEntity,
  removeEntity,
  updateEntity,
} from "@club/db";
import {
  ServerMessages,
  type AddBottleToMeetingInput,
  type MeetingDetail,
  type MeetingListItem,
  type NewMeetingInput,
  type UpdateMeetingInput,
} from "@club/shared";
import { clubOf } from "../club/service";
import type { AuthedCtx, PublicCtx } from "../../kernel/context";
import { audited, auditedCreate } from "../activity/record";
import { sendMeetingNotice } from "../reminders/service";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import { ConflictError, ForbiddenError, NotFoundError } from "../../kernel/errors";
import { isHostOf } from "../night/access";

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

/**
 * A meeting's one host from the floor's hostName: the member whose full name it is (exactly one
 * confirmed, active member), who then runs the night; otherwise a host who is no member, by the
 * name typed. A meeting's current host keeps hosting while the name is theirs (two members may
 * share a name).
 */
export function hostFromName(
  ctx: PublicCtx,
  hostName: string,
  current?: { hostMemberId: number | null; hostName: string },
): { hostName: string; hostMemberId: number | null } {
  const name = hostName.trim();
  if (current?.hostMemberId != null && current.hostName.trim().toLowerCase() === name.toLowerCase())
    return { hostName: name, hostMemberId: current.hostMemberId };
  return { hostName: name, hostMemberId: memberNamed(ctx.db, name) };
}

/** A new meeting; an unknown themeId is a 404, never a foreign-key error. */
export function createMeeting(ctx: AuthedCtx, input: NewMeetingInput): { id: number } {
  if (!findThemeById(ctx.db, input.themeId)) throw new NotFoundError(ServerMessages.themeNotFound);
  return auditedCreate(ctx, "meeting", () => {
    const created = insertMeeting(ctx.db, {
      date: input.date,
      ...hostFromName(ctx, input.hostName),
      themeId: input.themeId,
      createdBy: ctx.user.id,
    });
    sendMeetingNotice(ctx, created.id, "added");
    return created;
  });
}

/**
 * Any member may add to or take from a meeting's line-up, except at a blind tasting: there only
 * its host may (an answer such as "already in the meeting" would tell what is poured).
 */
export function assertMayChangeLineup(ctx: AuthedCtx, meetingId: number): void {
  const meeting = findMeetingNight(ctx.db, meetingId);
  if (!meeting) throw new NotFoundError(ServerMessages.meetingNotFound);
  if (meeting.blind && !isHostOf(ctx.user, meeting))
    throw new ForbiddenError(ServerMessages.hostOnly, "HOST_ONLY");
}

/**
 * Adds a library bottle to a meeting: a pour at the end of its flight, the meeting's one list of
 * bottles; the same bottle twice is a 409. Open meeting pages hear of it at once.
 */
export function addBottleToMeeting(ctx: AuthedCtx, input: AddBottleToMeetingInput): { ok: true } {
  assertMayChangeLineup(ctx, input.meetingId);
  if (!isExistingBottle(ctx.db, input.bottleId)) throw new NotFoundError(ServerMessages.bottleNotFound);
  const added = audited(ctx, "meetingBottle", undefined, () => {
    if (!insertMeetingBottle(ctx.db, input.meetingId, input.bottleId))
      throw new ConflictError(ServerMessages.bottleAlreadyInMeeting);
    return { key: `${input.meetingId}:${input.bottleId}`, result: { ok: true as const } };
  });
  ctx.events.emit(input.meetingId, { kind: "flight" });
  return added;
}

function ownMeeting(ctx: AuthedCtx, id: number) {
  const meeting = loadEntity(ctx.db, "meeting", String(id));
  if (!meeting) throw new NotFoundError(ServerMessages.meetingNotFound);
  assertCreatorOrAdmin(ctx, meeting.createdBy as number | null);
  return meeting;
}

/** Corrects a meeting's date, host or theme (its creator or an admin); a new host runs the night. */
export function updateMeeting(ctx: AuthedCtx, input: UpdateMeetingInput): { ok: true } {
  ownMeeting(ctx, input.id);
  if (!findThemeById(ctx.db, input.themeId)) throw new NotFoundError(ServerMessages.themeNotFound);
  const current = findMeetingNight(ctx.db, input.id);
  return audited(ctx, "meeting", input.id, () => {
    updateEntity(ctx.db, "meeting", String(input.id), {
      date: input.date,
      ...hostFromName(ctx, input.hostName, current),
      themeId: input.themeId,
    });
    sendMeetingNotice(ctx, input.id, "changed");
    return { result: { ok: true as const } };
  });
}

/** Deletes a meeting with its line-up (its creator or an admin); undoing it brings both back. */
export function deleteMeeting(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  ownMeeting(ctx, input.id);
  return audited(ctx, "meeting", input.id, () => {
    const [calendar] = listCalendarMeetings(ctx.db, input.id);
    if (calendar)
      recordMeetingCancellation(ctx.db, {
        id: input.id,
        date: calendar.date,
        summary: `${clubOf(ctx).name}: ${calendar.theme}`,
      });
    removeEntity(ctx.db, "meeting", String(input.id));
    return { result: { ok: true as const } };
  });
}

/** Takes a bottle out of a meeting's line-up (any member, as adding one is). */
export function removeBottleFromMeeting(
  ctx: AuthedCtx,
  input: { id: number; bottleId: number },
): { ok: true } {
  assertMayChangeLineup(ctx, input.id);
  const key = `${input.id}:${input.bottleId}`;
  if (!loadEntity(ctx.db, "meetingBottle", key)) throw new NotFoundError(ServerMessages.bottleNotInMeeting);
  const removed = audited(ctx, "meetingBottle", key, () => {
    removeEntity(ctx.db, "meetingBottle", key);
    return { result: { ok: true as const } };
  });
  ctx.events.emit(input.id, { kind: "flight" });
  return removed;
}
