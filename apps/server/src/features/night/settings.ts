import { findMemberById, findPhase, listMembers, updateEntity } from "@club/db";
import {
  ServerMessages,
  type HostCandidate,
  type MeetingNight,
  type MeetingSettingsInput,
  type Phase,
} from "@club/shared";
import { memberOf, viewerAt } from "../../policy/viewer";
import { currentGuestCode } from "../guests/service";
import type { AuthedCtx, PublicCtx, RequestCtx } from "../../kernel/context";
import { BadRequestError } from "../../kernel/errors";
import { audited } from "../activity/record";
import { assertHost, isHostOf, isUpcoming, meetingOrThrow } from "./access";
import { settleWaitlist } from "./rsvp";
import { notifyNightProgress } from "./notices";

/**
 * A meeting's night settings, whether the caller runs it, who the caller is (a member, a guest of
 * this meeting, a visitor) and where the host has the room.
 */
export async function getNight(ctx: RequestCtx, input: { id: number }): Promise<MeetingNight> {
  const meeting = meetingOrThrow(ctx, input.id);
  const viewer = await viewerAt(ctx, meeting.id);
  const user = memberOf(viewer);
  const guest = viewer.kind === "guest" ? await ctx.guest() : null;
  return {
    id: meeting.id,
    date: meeting.date,
    capacity: meeting.capacity,
    blind: meeting.blind,
    scoringOpen: meeting.scoringOpen,
    hostMemberId: meeting.hostMemberId,
    host:
      meeting.hostFirstName === null || meeting.hostLastName === null
        ? null
        : { firstName: meeting.hostFirstName, lastName: meeting.hostLastName },
    isHost: isHostOf(user, meeting),
    upcoming: isUpcoming(ctx, meeting),
    guestsInClubScore: meeting.guestsInClubScore,
    liveResults: meeting.liveResults,
    phase: phaseOf(ctx, meeting.id),
    viewer: viewer.kind,
    guestCode: isHostOf(user, meeting) ? currentGuestCode(ctx, meeting.id) : null,
    guestName: guest?.firstName ?? null,
  };
}

/** Where the host has the room; null: no phases. */
export function phaseOf(ctx: PublicCtx, meetingId: number): Phase | null {
  const row = findPhase(ctx.db, meetingId);
  return row ? { pour: row.pour, phase: row.phase, endsAt: row.endsAt } : null;
}

/** The member a night may be linked to as its host (confirmed, active), or undefined. */
export function hostCandidate(ctx: PublicCtx, memberId: number) {
  const host = findMemberById(ctx.db, memberId);
  return host?.emailConfirmedAt && host.status === "active" ? host : undefined;
}

/** Capacity, blind, scoring open and the linked host: the host or an admin. */
export function updateSettings(ctx: AuthedCtx, input: MeetingSettingsInput): { ok: true } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  let hostName = meeting.hostName;
  if (input.hostMemberId !== null) {
    const host = hostCandidate(ctx, input.hostMemberId);
    if (!host) throw new BadRequestError(ServerMessages.hostNotMember);
    // Linking a member writes their name into the floor's hostName: no more typos in the host column.
    if (input.hostMemberId !== meeting.hostMemberId) hostName = `${host.firstName} ${host.lastName}`.trim();
  }
  audited(ctx, "meeting", meeting.id, () => {
    updateEntity(ctx.db, "meeting", String(meeting.id), {
      capacity: input.capacity,
      blind: input.blind,
      scoringOpen: input.scoringOpen,
      hostMemberId: input.hostMemberId,
      hostName,
      ...(input.guestsInClubScore === undefined ? {} : { guestsInClubScore: input.guestsInClubScore }),
      ...(input.liveResults === undefined ? {} : { liveResults: input.liveResults }),
    });
    settleWaitlist(ctx, { ...meeting, capacity: input.capacity });
    notifyNightProgress(ctx, meeting.id);
    return { result: undefined };
  });
  ctx.events.emit(meeting.id, { kind: "settings" });
  return { ok: true };
}

/** The members a night's host may be linked to: confirmed and active, by name. */
export function getHostCandidates(ctx: AuthedCtx): HostCandidate[] {
  return listMembers(ctx.db)
    .filter((m) => m.emailConfirmedAt !== null && m.status === "active")
    .map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName }))
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
}
