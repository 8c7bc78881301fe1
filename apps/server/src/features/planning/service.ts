import {
  findMeetingDetail,
  findThemeById,
  findThemeVote,
  findThemeVoteClosing,
  insertMeeting,
  insertThemeVoteClosing,
  isLaterMeetingBegun,
  listHostVolunteers,
  listThemeVoteOptions,
  setHostVolunteerRow,
  setThemeVoteRow,
  type MeetingNightRow,
} from "@club/db";
import {
  PlanningMessages,
  ServerMessages,
  type CloseThemeVoteInput,
  type HostVolunteers,
  type ThemeVote,
  type ThemeVoteInput,
} from "@club/shared";
import type { AuthedCtx, PublicCtx } from "../../kernel/context";
import { ConflictError, NotFoundError } from "../../kernel/errors";
import { dateIn, ruleDateOnOrAfter } from "../../platform/clubTime";
import { audited, recordActivity } from "../activity/record";
import { assertHost, meetingOrThrow } from "../night/access";
import { sendMeetingNotice } from "../reminders/service";

/*
 * Hosts and themes are chosen at the prior meeting: from the meeting's day, members volunteer to
 * host the next one and vote among the theme ideas; whoever runs the night closes the vote, which
 * makes the next meeting. A meeting's vote is open from its day until it is closed, or until a
 * later meeting has taken place (the club then chooses there).
 */

type VoteState = { open: true } | { open: false; why: string };

function voteState(ctx: PublicCtx, meeting: MeetingNightRow): VoteState {
  const today = dateIn(ctx.config.clubTimezone, ctx.now());
  if (findThemeVoteClosing(ctx.db, meeting.id)) return { open: false, why: PlanningMessages.voteClosed };
  if (meeting.date > today) return { open: false, why: PlanningMessages.voteNotYet };
  if (isLaterMeetingBegun(ctx.db, meeting, today)) return { open: false, why: PlanningMessages.voteMovedOn };
  return { open: true };
}

function assertOpen(ctx: PublicCtx, meeting: MeetingNightRow): void {
  const state = voteState(ctx, meeting);
  if (!state.open) throw new ConflictError(state.why, "VOTE_CLOSED");
}

const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`.trim();

/** GET /api/MonthlyMeetings/{id}/HostVolunteers. */
export function getHostVolunteers(ctx: AuthedCtx, input: { id: number }): HostVolunteers {
  const meeting = meetingOrThrow(ctx, input.id);
  const rows = listHostVolunteers(ctx.db, meeting.id);
  return {
    volunteers: rows.map((r) => ({ memberId: r.memberId, name: fullName(r) })),
    mine: rows.some((r) => r.memberId === ctx.user.id),
  };
}

/** The caller offers (or takes back the offer) to host the next meeting; the same twice changes nothing. */
function setVolunteer(ctx: AuthedCtx, input: { id: number }, on: boolean): HostVolunteers {
  const meeting = meetingOrThrow(ctx, input.id);
  ctx.db.transaction(() => {
    assertOpen(ctx, meeting);
    const was = setHostVolunteerRow(ctx.db, meeting.id, ctx.user.id, on);
    const row = (volunteer: boolean) => ({ meetingId: meeting.id, memberId: ctx.user.id, volunteer });
    recordActivity(ctx, "hostVolunteer", `${meeting.id}:${ctx.user.id}`, row(was), row(on));
  });
  return getHostVolunteers(ctx, input);
}

export const volunteerToHost = (ctx: AuthedCtx, input: { id: number }) => setVolunteer(ctx, input, true);
export const withdrawVolunteer = (ctx: AuthedCtx, input: { id: number }) => setVolunteer(ctx, input, false);

/** GET /api/MonthlyMeetings/{id}/ThemeVote. */
export function getThemeVote(ctx: AuthedCtx, input: { id: number }): ThemeVote {
  const meeting = meetingOrThrow(ctx, input.id);
  const closing = findThemeVoteClosing(ctx.db, meeting.id);
  const next = closing ? findMeetingDetail(ctx.db, closing.nextMeetingId) : undefined;
  return {
    options: listThemeVoteOptions(ctx.db, meeting.id),
    myVote: findThemeVote(ctx.db, meeting.id, ctx.user.id),
    open: voteState(ctx, meeting).open,
    nextMeetingId: next ? next.id : null,
  };
}

/** PUT /api/MonthlyMeetings/{id}/ThemeVote: one vote per member; a new one replaces the old. */
export function voteForTheme(ctx: AuthedCtx, input: ThemeVoteInput): ThemeVote {
  const meeting = meetingOrThrow(ctx, input.id);
  ctx.db.transaction(() => {
    assertOpen(ctx, meeting);
    if (!findThemeById(ctx.db, input.themeId)) throw new NotFoundError(ServerMessages.themeNotFound);
    const before = findThemeVote(ctx.db, meeting.id, ctx.user.id);
    setThemeVoteRow(ctx.db, meeting.id, ctx.user.id, input.themeId);
    const row = (themeId: number | null) => ({ meetingId: meeting.id, memberId: ctx.user.id, themeId });
    recordActivity(
      ctx,
      "themeVote",
      `${meeting.id}:${ctx.user.id}`,
      before === null ? null : row(before),
      row(input.themeId),
    );
  });
  return getThemeVote(ctx, input);
}

/**
 * POST /api/MonthlyMeetings/{id}/ThemeVote/Close (whoever runs the night): the next meeting, with
 * a theme with the most votes and a volunteer as its host, on the club's next meeting day unless
 * a date is given. Members who want meeting emails hear of it, as of any new meeting.
 */
export function closeThemeVote(ctx: AuthedCtx, input: CloseThemeVoteInput): { id: number } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  return ctx.db.transaction(() => {
    assertOpen(ctx, meeting);
    const volunteers = listHostVolunteers(ctx.db, meeting.id);
    if (volunteers.length === 0) throw new ConflictError(PlanningMessages.noVolunteer, "NO_VOLUNTEER");
    const host =
      input.hostMemberId === undefined
        ? volunteers[0]!
        : volunteers.find((v) => v.memberId === input.hostMemberId);
    if (!host) throw new ConflictError(PlanningMessages.notVolunteer, "NOT_VOLUNTEER");
    const options = listThemeVoteOptions(ctx.db, meeting.id);
    const most = options[0]?.votes ?? 0;
    if (most === 0) throw new ConflictError(PlanningMessages.noVotes, "NO_VOTES");
    const leading = options.filter((o) => o.votes === most);
    const theme =
      input.themeId === undefined ? leading[0]! : leading.find((o) => o.themeId === input.themeId);
    if (!theme) throw new ConflictError(PlanningMessages.notLeading, "NOT_LEADING");
    const date = input.date ?? ruleDateOnOrAfter(nextDay(meeting.date));
    if (date <= meeting.date || date < dateIn(ctx.config.clubTimezone, ctx.now()))
      throw new ConflictError(PlanningMessages.nextDatePast, "NEXT_DATE_PAST");

    const next = audited(ctx, "meeting", undefined, () => {
      const created = insertMeeting(ctx.db, {
        date,
        hostName: fullName(host),
        hostMemberId: host.memberId,
        themeId: theme.themeId,
        createdBy: ctx.user.id,
      });
      return { key: created.id, result: created };
    });
    insertThemeVoteClosing(ctx.db, { meetingId: meeting.id, nextMeetingId: next.id, closedBy: ctx.user.id });
    recordActivity(ctx, "themeVoteClosing", meeting.id, null, {
      meetingId: meeting.id,
      nextMeetingId: next.id,
      themeId: theme.themeId,
      hostMemberId: host.memberId,
      date,
    });
    sendMeetingNotice(ctx, next.id, "added");
    return { id: next.id };
  });
}

const nextDay = (date: string): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
