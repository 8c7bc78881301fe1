import type { ActivityAction } from "../../api/contract";
import {
  claimNotification,
  findMemberAuth,
  findMeetingNight,
  listMeetingsBetween,
  listMembersForNotices,
  listMembersToRemind,
  listRsvps,
} from "@club/db";
import { CLUB_RULES, ServerMessages, type RsvpLinkInput, type RsvpLinkResult } from "@club/shared";
import type { AuthedCtx, Deps } from "../../api/context";
import { AppError } from "../../api/errors";
import { dateIn, zonedInstant } from "../../platform/clubTime";
import { clubEmail } from "../auth/email";
import { setRsvp } from "../night/rsvp";
import { signRsvpToken, verifyRsvpToken } from "./links";

const DAY_MS = 86_400_000;
const REMINDERS = [
  { kind: "week", before: 7 * DAY_MS, label: "next week" },
  { kind: "day", before: DAY_MS, label: "tomorrow" },
] as const;

const meetingStart = (deps: Deps, date: string) =>
  zonedInstant(date, CLUB_RULES.meetingTime, deps.config.clubTimezone);

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
    const expires = new Date(start.getTime() + DAY_MS);
    const people = listMembersToRemind(deps.db, meeting.id);
    const links = await Promise.all(
      people.map((p) => signRsvpToken(deps.config, { memberId: p.id, meetingId: meeting.id }, expires)),
    );
    deps.db.transaction(() => {
      people.forEach((p, i) => {
        if (!claimNotification(deps.db, p.id, `meeting:${meeting.id}:${due.kind}`)) return;
        const answer = (status: string) =>
          `${deps.config.appUrl}/rsvp?token=${encodeURIComponent(links[i] as string)}&status=${status}`;
        deps.mailer.send(
          clubEmail({
            to: p.email,
            subject: `Club meeting ${due.label}: ${meeting.theme} on ${meeting.date}`,
            firstName: p.firstName,
            paragraphs: [
              `The club meets ${due.label}, on ${meeting.date} at ${CLUB_RULES.meetingTimeLabel}: ${meeting.theme}, hosted by ${meeting.hostName}.`,
              `Going: ${answer("going")}`,
              `Maybe: ${answer("maybe")}`,
              `Not going: ${answer("declined")}`,
              "You can turn meeting emails off in your account.",
            ],
            link: { href: `${deps.config.appUrl}/monthlymeeting/${meeting.id}`, label: "Open the meeting" },
          }),
        );
        sent++;
      });
    });
  }
  return sent;
}

/**
 * A notice to every member who wants meeting emails when an upcoming meeting is added or changed.
 * Call it inside the write's transaction (the outbox shares it).
 */
export function sendMeetingNotice(ctx: AuthedCtx, meetingId: number, change: "added" | "changed"): void {
  const meeting = findMeetingNight(ctx.db, meetingId);
  if (!meeting || meeting.date < dateIn(ctx.config.clubTimezone, ctx.now())) return;
  const theme =
    listMeetingsBetween(ctx.db, meeting.date, meeting.date).find((m) => m.id === meetingId)?.theme ?? "";
  for (const p of listMembersForNotices(ctx.db)) {
    if (p.id === ctx.user.id) continue;
    ctx.mailer.send(
      clubEmail({
        to: p.email,
        subject:
          change === "added"
            ? `New club meeting on ${meeting.date}`
            : `The club meeting on ${meeting.date} has changed`,
        firstName: p.firstName,
        paragraphs: [
          `${change === "added" ? "A meeting was added" : "A meeting was changed"}: ${meeting.date} at ${CLUB_RULES.meetingTimeLabel}, ${theme}, hosted by ${meeting.hostName}.`,
          "You can turn meeting emails off in your account.",
        ],
        link: { href: `${ctx.config.appUrl}/monthlymeeting/${meetingId}`, label: "Open the meeting" },
      }),
    );
  }
}

/** POST /api/Rsvp/ByLink: answers from a reminder's link, no login (the token is the proof). */
export async function rsvpByLink(deps: Deps, input: RsvpLinkInput): Promise<RsvpLinkResult> {
  const claims = await verifyRsvpToken(deps.config, input.token, deps.now());
  const member = claims ? findMemberAuth(deps.db, claims.memberId) : undefined;
  if (!claims || !member || member.status !== "active" || !member.emailConfirmedAt)
    throw new AppError("BAD_REQUEST", ServerMessages.rsvpLinkInvalid, { reason: "RSVP_LINK_INVALID" });
  const ctx: AuthedCtx = {
    ...deps,
    user: { id: member.id, email: member.email, role: member.role },
    requestId: null,
    action: "reminders.rsvpByLink" satisfies ActivityAction,
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
