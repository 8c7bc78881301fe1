import { randomInt } from "node:crypto";
import {
  countGuests,
  deleteGuest,
  deleteGuestCode,
  findGuestCode,
  findGuestCodeByCode,
  findMemberByEmail,
  insertActivity,
  insertGuest,
  type GuestRow,
  listGuests,
  loadGuest,
  markGuestInvited,
  pourAt,
  putGuestCode,
} from "@club/db";
import {
  GUEST_CODE_ALPHABET,
  GUEST_CODE_LENGTH,
  GUESTS_MAX,
  CLUB_NAME,
  ServerMessages,
  type Guest,
  type GuestAddInput,
  type GuestCode,
  type GuestScoreInput,
  type MyScore,
  type GuestJoinInput,
  type GuestJoinResult,
} from "@club/shared";
import type { AuthedCtx, Deps, RequestCtx } from "../../kernel/context";
import type { NamedAction } from "../../kernel/actions";
import { ConflictError, NotFoundError } from "../../kernel/errors";
import { dateIn, zonedInstant } from "../../platform/clubTime";
import { NetworkBudget } from "../../platform/writeBudget";
import { recordActivity } from "../activity/record";
import { createInvite } from "../members/service";
import { emailDate, emailText } from "../../platform/emailText";
import { assertHost, meetingOrThrow } from "../night/access";
import {
  assertScoringOpen,
  guestScoresByPour,
  myScoreOf,
  scoreValues,
  writeGuestScore,
} from "../night/scores";

/**
 * Guests at the tasting table: the host opens a join code, a guest joins with it and a
 * first name and gets a guest pass (a token for that one meeting: platform/tokens.ts), the host sees
 * and removes guests. What a guest pass may read and write is policy/viewer.ts's and the
 * procedures' (guestReadProcedure, tasterProcedure); everything else answers it 403.
 */

/** A new code: GUEST_CODE_LENGTH letters of the alphabet without look-alikes, from the CSPRNG. */
export function newGuestCode(): string {
  let code = "";
  for (let i = 0; i < GUEST_CODE_LENGTH; i++)
    code += GUEST_CODE_ALPHABET[randomInt(GUEST_CODE_ALPHABET.length)];
  return code;
}

/** The instant the meeting's day ends in the club's time zone (a code is good until then). */
export function endOfMeetingDay(date: string, timeZone: string): Date {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return zonedInstant(next, "00:00", timeZone);
}

const joinUrl = (deps: Deps, code: string) => `${deps.config.appUrl.replace(/\/$/, "")}/join?code=${code}`;

const codeView = (deps: Deps, row: { code: string; expiresAt: string }): GuestCode => ({
  code: row.code,
  url: joinUrl(deps, row.code),
  expiresAt: row.expiresAt,
});

/** Opens joining with a new code (a new code replaces the old): the host or an admin. */
export function openGuestCode(ctx: AuthedCtx, input: { id: number }): GuestCode {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  if (meeting.date < dateIn(ctx.config.clubTimezone, ctx.now()))
    throw new ConflictError(ServerMessages.guestJoinClosed, "MEETING_OVER");
  const expiresAt = endOfMeetingDay(meeting.date, ctx.config.clubTimezone).toISOString();
  return ctx.db.transaction(() => {
    const before = findGuestCode(ctx.db, meeting.id) ?? null;
    // 25^6 codes: a clash with another meeting's live code is rare; draw again.
    for (let attempt = 0; ; attempt++) {
      const code = newGuestCode();
      const taken = findGuestCodeByCode(ctx.db, code);
      if (taken && taken.meetingId !== meeting.id && attempt < 20) continue;
      putGuestCode(ctx.db, meeting.id, code, expiresAt);
      const after = { meetingId: meeting.id, code, expiresAt };
      recordActivity(ctx, "guestCode", meeting.id, before, after);
      return codeView(ctx, after);
    }
  });
}

/** Closes joining (the host or an admin); guests who joined keep their pass. */
export function closeGuestCode(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  ctx.db.transaction(() => {
    const before = findGuestCode(ctx.db, meeting.id);
    if (!before) return;
    deleteGuestCode(ctx.db, meeting.id);
    recordActivity(ctx, "guestCode", meeting.id, before, null);
  });
  return { ok: true };
}

/** The meeting's open code, for the host's screen (null: joining is closed or the code expired). */
export function currentGuestCode(ctx: RequestCtx, meetingId: number): GuestCode | null {
  const row = findGuestCode(ctx.db, meetingId);
  if (!row || Date.parse(row.expiresAt) <= ctx.now().getTime()) return null;
  return codeView(ctx, row);
}

/** Wrong codes per address (the login limits' size and window), kept per app. */
const failures = new WeakMap<Deps["db"], NetworkBudget>();
function failuresOf(ctx: RequestCtx): NetworkBudget | null {
  const { rateLimit } = ctx.config;
  if (!rateLimit.enabled || ctx.networks === null) return null;
  let budget = failures.get(ctx.db);
  if (!budget) failures.set(ctx.db, (budget = new NetworkBudget(rateLimit.authMax, rateLimit.windowMs)));
  return budget;
}

/**
 * A new guest at a meeting, joined or added by the host: 409 when the meeting has its 30 guests;
 * stored with its activity entry (`record`, in the same transaction), then the meeting's open pages
 * hear of it.
 */
function seatGuest(
  ctx: Pick<AuthedCtx, "db" | "events">,
  meetingId: number,
  input: { firstName: string; guestOf?: string | null; email?: string | null },
  record: (added: GuestRow) => unknown,
): GuestRow {
  if (countGuests(ctx.db, meetingId) >= GUESTS_MAX)
    throw new ConflictError(ServerMessages.guestsFull, "GUESTS_FULL");
  const added = ctx.db.transaction(() => {
    const row = insertGuest(ctx.db, {
      meetingId,
      firstName: input.firstName,
      guestOf: input.guestOf ?? null,
      email: input.email ?? null,
    });
    record(row);
    return row;
  });
  ctx.events.emit(meetingId, { kind: "guests" });
  return added;
}

/**
 * A guest joins with the code on the host's screen: 404 for an unknown or expired code (counted
 * against the address: a guesser runs out of tries, a table of guests behind one router does not,
 * since right codes are not counted), 409 when the meeting has its 30 guests. Nothing is stored on
 * a refusal. The answer is a guest pass for that one meeting.
 */
export async function joinAsGuest(ctx: RequestCtx, input: GuestJoinInput): Promise<GuestJoinResult> {
  const budget = failuresOf(ctx);
  const networks = ctx.networks ?? [];
  budget?.assertLeft(networks);
  const row = findGuestCodeByCode(ctx.db, input.code);
  if (!row || Date.parse(row.expiresAt) <= ctx.now().getTime()) {
    budget?.spend(networks);
    throw new NotFoundError(ServerMessages.guestCodeUnknown);
  }
  const guest = seatGuest(ctx, row.meetingId, input, (added) =>
    // The activity log: no member made it (memberId null).
    insertActivity(ctx.db, {
      memberId: null,
      action: "guests.join" satisfies NamedAction,
      entity: "guest",
      entityId: String(added.id),
      before: null,
      after: added,
      requestId: ctx.requestId,
    }),
  );
  const guestToken = await ctx.tokens.signGuestToken({ guestId: guest.id, meetingId: row.meetingId });
  return { guestToken, guestId: guest.id, meetingId: row.meetingId };
}

/** The meeting's guests (the host or an admin). */
export function getGuests(ctx: AuthedCtx, input: { id: number }): Guest[] {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  return listGuests(ctx.db, meeting.id);
}

/** Removes a guest and their scores (the host or an admin); their guest pass stops working at once. */
export function removeGuest(ctx: AuthedCtx, input: { id: number; guestId: number }): { ok: true } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  const guest = loadGuest(ctx.db, input.guestId);
  if (!guest || guest.meetingId !== meeting.id) throw new NotFoundError(ServerMessages.guestNotFound);
  ctx.db.transaction(() => {
    deleteGuest(ctx.db, guest.id);
    recordActivity(ctx, "guest", guest.id, guest, null);
  });
  ctx.events.emit(meeting.id, { kind: "guests" });
  ctx.events.emit(meeting.id, { kind: "scores" });
  return { ok: true };
}

/**
 * A guest without a phone (the host or an admin): added by first name (and whose guest), without a
 * code, so the host can type in their paper sheet. Counts against the meeting's 30 like a guest who
 * joined; no guest pass is made (they have no phone to hold it). The host's activity entry.
 */
export function addGuest(ctx: AuthedCtx, input: GuestAddInput): Guest {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  const added = seatGuest(ctx, meeting.id, input, (row) => recordActivity(ctx, "guest", row.id, null, row));
  return {
    id: added.id,
    firstName: added.firstName,
    guestOf: added.guestOf,
    joinedAt: added.joinedAt,
    email: added.email,
    invitedAt: added.invitedAt,
    scored: 0,
  };
}

/** The meeting's guest, or 404 (a guest of another meeting is not found here). */
function guestOf(ctx: AuthedCtx, meetingId: number, guestId: number) {
  const guest = loadGuest(ctx.db, guestId);
  if (!guest || guest.meetingId !== meetingId) throw new NotFoundError(ServerMessages.guestNotFound);
  return guest;
}

/** A guest's scores by pour, for the host's paper-sheet dialog (the host or an admin). */
export function getGuestScores(ctx: AuthedCtx, input: { id: number; guestId: number }): MyScore[] {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  guestOf(ctx, meeting.id, input.guestId);
  return guestScoresByPour(ctx, meeting.id, input.guestId);
}

/**
 * The host types in a guest's score of a pour from their paper sheet (the host or an admin): the
 * same rules as the guest's own score (the scale, 409 once scoring is closed, a hidden pour stays
 * "Dram N" in the answer and the activity log), written as the host's activity entry.
 */
export function setGuestScore(ctx: AuthedCtx, input: GuestScoreInput): MyScore {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  const guest = guestOf(ctx, meeting.id, input.guestId);
  assertScoringOpen(meeting);
  const pour = pourAt(ctx.db, meeting.id, input.pour);
  if (!pour) throw new NotFoundError(ServerMessages.pourNotFound);
  const updatedAt = new Date().toISOString();
  writeGuestScore(ctx, scoreValues(meeting.id, pour.bottleId, input, updatedAt), guest.id, ctx.user.id);
  ctx.events.emit(meeting.id, { kind: "scores", pour: input.pour });
  ctx.events.emit(meeting.id, { kind: "guests" });
  return myScoreOf(input, updatedAt);
}

/**
 * POST /api/MonthlyMeetings/{id}/Guests/{guestId}/Invite (the host or an admin), once the night
 * has come: a guest who left an address gets an invite to become a member, by email (a link to
 * the sign-up page with the address filled in, single use, 14 days), once. 409 for a guest who
 * left no address, one invited already, an address that is a member's, or a night still to come.
 */
export function inviteGuest(ctx: AuthedCtx, input: { id: number; guestId: number }): { ok: true } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  const guest = loadGuest(ctx.db, input.guestId);
  if (!guest || guest.meetingId !== meeting.id) throw new NotFoundError(ServerMessages.guestNotFound);
  if (meeting.date > dateIn(ctx.config.clubTimezone, ctx.now()))
    throw new ConflictError(ServerMessages.guestInviteBeforeNight, "NIGHT_TO_COME");
  if (!guest.email) throw new ConflictError(ServerMessages.guestNoAddress, "NO_ADDRESS");
  if (findMemberByEmail(ctx.db, guest.email))
    throw new ConflictError(ServerMessages.guestIsMember, "ALREADY_MEMBER");
  const email = guest.email;
  ctx.db.transaction(() => {
    if (!markGuestInvited(ctx.db, guest.id, ctx.now().toISOString()))
      throw new ConflictError(ServerMessages.guestInvitedAlready, "INVITED");
    recordActivity(
      ctx,
      "guest",
      guest.id,
      { ...guest, invitedAt: null },
      { ...guest, invitedAt: ctx.now().toISOString() },
    );
    createInvite(ctx, { email }, (language) => ({
      subject: emailText(language, "guestInvite.subject", { club: CLUB_NAME }),
      firstName: guest.firstName,
      paragraphs: [
        emailText(language, "guestInvite.thanks", {
          date: emailDate(language, meeting.date),
          host: meeting.hostName,
        }),
        emailText(language, "guestInvite.signUp"),
      ],
    }));
  });
  return { ok: true };
}
