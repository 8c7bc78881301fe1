import type { NamedAction } from "../../kernel/actions";
import {
  claimNotification,
  findMemberAuth,
  findMeetingNight,
  listMeetingsBetween,
  listMembersForNotices,
  listMembersToRemind,
  listRsvps,
} from "@club/db";
import { ServerMessages, type RsvpLinkInput, type RsvpLinkMeeting, type RsvpLinkResult } from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { AppError, NotFoundError } from "../../kernel/errors";
import { dateIn, zonedInstant } from "../../platform/clubTime";
import { clubEmail } from "../auth/email";
import { emailDate, emailText, emailTime, recipientLanguage } from "../../platform/emailText";
import { clubOf } from "../club/service";
import { setRsvp } from "../night/rsvp";
import { notify } from "../notifications/notify";
import { signRsvpToken, verifyRsvpToken } from "./links";

const DAY_MS = 86_400_000;
const REMINDERS = [
  { kind: "week", before: 7 * DAY_MS },
  { kind: "day", before: DAY_MS },
] as const;

const meetingStart = (deps: Deps, date: string) =>
  zonedInstant(date, clubOf(deps).meetingTime, deps.config.clubTimezone);

/**
 * A member's answer links for a meeting (good until the day after it): the page they open asks
 * before it answers, so a mail scanner that opens every link answers nothing.
 */
function answerLinks(deps: Deps, memberId: number, meeting: { id: number; date: string }) {
  const expires = new Date(meetingStart(deps, meeting.date).getTime() + DAY_MS);
  const token = encodeURIComponent(signRsvpToken(deps.config, { memberId, meetingId: meeting.id }, expires));
  return (status: "going" | "maybe" | "declined") =>
    `${deps.config.appUrl}/rsvp?token=${token}&status=${status}`;
}

/**
 * The 7-day and 1-day reminders that are due: each member (active, reminders on, not declined)
 * gets each reminder once, with one-click Going / Maybe / Not going links. Past the 1-day mark
 * only the 1-day reminder goes out. The claim and the outbox message share a transaction, so a
 * restart neither loses nor repeats one.
 */
export async function sendMeetingReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const today = dateIn(deps.config.clubTimezone, now);
  const horizon = dateIn(deps.config.clubTimezone, new Date(now.getTime() + 8 * DAY_MS));
  let sent = 0;
  for (const meeting of listMeetingsBetween(deps.db, today, horizon)) {
    const start = meetingStart(deps, meeting.date);
    if (now >= start) continue;
    const due = REMINDERS.filter((r) => now.getTime() >= start.getTime() - r.before).at(-1);
    if (!due) continue;
    const people = listMembersToRemind(deps.db, meeting.id);
    deps.db.transaction(() => {
      people.forEach((p) => {
        if (!claimNotification(deps.db, p.id, `meeting:${meeting.id}:${due.kind}`)) return;
        const answer = answerLinks(deps, p.id, meeting);
        const language = recipientLanguage(deps, p.id);
        const date = emailDate(language, meeting.date);
        const when = due.kind;
        deps.mailer.send(
          clubEmail({
            to: p.email,
            language,
            subject: emailText(language, "reminder.subject", { when, theme: meeting.theme, date }),
            firstName: p.firstName,
            paragraphs: [
              emailText(language, "reminder.body", {
                when,
                date,
                time: emailTime(language, clubOf(deps).meetingTime),
                theme: meeting.theme,
                host: meeting.hostName,
              }),
              emailText(language, "answer.going", { link: answer("going") }),
              emailText(language, "answer.maybe", { link: answer("maybe") }),
              emailText(language, "answer.declined", { link: answer("declined") }),
              emailText(language, "meeting.emailsOff"),
            ],
            link: {
              href: `${deps.config.appUrl}/monthlymeeting/${meeting.id}`,
              label: emailText(language, "meeting.link"),
            },
          }),
        );
        sent++;
      });
    });
  }
  return sent;
}

/**
 * A notice to every member who wants meeting emails when an upcoming meeting is added or changed;
 * a new one is also a notification (`meetingNew`) in each member's chosen channels, its email
 * this notice. Call it inside the write's transaction (the outbox shares it).
 */
export function sendMeetingNotice(ctx: AuthedCtx, meetingId: number, change: "added" | "changed"): void {
  const meeting = findMeetingNight(ctx.db, meetingId);
  if (!meeting || meeting.date < dateIn(ctx.config.clubTimezone, ctx.now())) return;
  const theme =
    listMeetingsBetween(ctx.db, meeting.date, meeting.date).find((m) => m.id === meetingId)?.theme ?? "";
  const email = (p: { id: number; email: string; firstName: string }) => {
    const answer = answerLinks(ctx, p.id, { id: meetingId, date: meeting.date });
    const language = recipientLanguage(ctx, p.id);
    const date = emailDate(language, meeting.date);
    return clubEmail({
      to: p.email,
      language,
      subject: emailText(language, change === "added" ? "notice.subjectAdded" : "notice.subjectChanged", {
        date,
      }),
      firstName: p.firstName,
      paragraphs: [
        emailText(language, "notice.body", {
          change,
          date,
          time: emailTime(language, clubOf(ctx).meetingTime),
          theme,
          host: meeting.hostName,
        }),
        emailText(language, "notice.coming"),
        emailText(language, "answer.going", { link: answer("going") }),
        emailText(language, "answer.declined", { link: answer("declined") }),
        emailText(language, "meeting.emailsOff"),
      ],
      link: {
        href: `${ctx.config.appUrl}/monthlymeeting/${meetingId}`,
        label: emailText(language, "meeting.link"),
      },
    });
  };
  if (change === "added") {
    notify(ctx, {
      kind: "meetingNew",
      to: "members",
      except: ctx.user.id,
      values: { day: { date: meeting.date }, theme },
      link: `/monthlymeeting/${meetingId}`,
      email,
    });
    return;
  }
  for (const p of listMembersForNotices(ctx.db)) {
    if (p.id === ctx.user.id) continue;
    ctx.mailer.send(email(p));
  }
}

/** The member and meeting an answer link names, or a 400 when it is invalid, expired or theirs no more. */
async function linkOwner(deps: Deps, token: string) {
  const claims = await verifyRsvpToken(deps.config, token, deps.now());
  const member = claims ? findMemberAuth(deps.db, claims.memberId) : undefined;
  if (!claims || !member || member.status !== "active" || !member.emailConfirmedAt)
    throw new AppError("BAD_REQUEST", ServerMessages.rsvpLinkInvalid, { reason: "RSVP_LINK_INVALID" });
  return { claims, member };
}

/**
 * GET /api/Rsvp/ByLink: what an answer link is for (the meeting, the member's answer so far),
 * read by the page the link opens before it asks; it answers nothing.
 */
export async function rsvpLinkMeeting(deps: Deps, input: { token: string }): Promise<RsvpLinkMeeting> {
  const { claims, member } = await linkOwner(deps, input.token);
  const meeting = findMeetingNight(deps.db, claims.meetingId);
  if (!meeting) throw new NotFoundError(ServerMessages.meetingNotFound);
  const theme =
    listMeetingsBetween(deps.db, meeting.date, meeting.date).find((m) => m.id === claims.meetingId)?.theme ??
    "";
  const mine = listRsvps(deps.db, claims.meetingId).find((r) => r.memberId === member.id);
  return { meetingId: claims.meetingId, date: meeting.date, theme, status: mine?.status ?? null };
}

/** POST /api/Rsvp/ByLink: answers from a reminder's link, no login (the token is the proof). */
export async function rsvpByLink(deps: Deps, input: RsvpLinkInput): Promise<RsvpLinkResult> {
  const { claims, member } = await linkOwner(deps, input.token);
  const ctx: AuthedCtx = {
    ...deps,
    user: { id: member.id, email: member.email, role: member.role },
    requestId: null,
    action: "reminders.rsvpByLink" satisfies NamedAction,
  };
  const guests = listRsvps(deps.db, claims.meetingId).find((r) => r.memberId === member.id)?.guests ?? 0;
  const answer = setRsvp(ctx, { id: claims.meetingId, status: input.status, guests });
  const meeting = findMeetingNight(deps.db, claims.meetingId);
  return {
    meetingId: claims.meetingId,
    date: meeting?.date ?? "",
    status: answer.status,
    waitlistPosition: answer.waitlistPosition,
  };
}
