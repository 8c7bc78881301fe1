import { listRsvps, setWaitlisted, upsertRsvp, type RsvpRow } from "@club/db";
import { ServerMessages, type MyRsvp, type Rsvp, type RsvpInput } from "@club/shared";
import type { AuthedCtx, Deps, PublicCtx, RequestCtx } from "../../kernel/context";
import { seesMembersData } from "../../policy/privacy";
import { viewerOf } from "../../policy/viewer";
import { ConflictError } from "../../kernel/errors";
import { audited } from "../activity/record";
import { clubEmail } from "../auth/email";
import { emailDate, emailText } from "../../platform/emailText";
import { notify } from "../notifications/notify";
import { isUpcoming, meetingOrThrow } from "./access";

/**
 * Who has a place and who waits: "going" answers in the order they were given; once the members
 * and guests no longer fit the capacity, everyone after waits (first come, first served).
 */
export function placesOf(rows: RsvpRow[], capacity: number | null): Map<number, number | null> {
  const positions = new Map<number, number | null>();
  let people = 0;
  let waiting = 0;
  for (const row of rows) {
    if (row.status !== "going") continue;
    const size = 1 + row.guests;
    if (waiting === 0 && (capacity === null || people + size <= capacity)) {
      people += size;
      positions.set(row.memberId, null);
    } else positions.set(row.memberId, ++waiting);
  }
  return positions;
}

/**
 * Writes the waitlist flags after a change and tells everyone who just got a place (once: the
 * flag remembers), by email and in their other chosen channels. A meeting that has passed keeps its answers as they were: a capacity changed
 * afterwards (or an undo) gives nobody a place at a meeting that is over, nor an email about it.
 */
export function settleWaitlist(
  ctx: Deps,
  meeting: { id: number; date: string; capacity: number | null },
): void {
  if (!isUpcoming(ctx, meeting)) return;
  const rows = listRsvps(ctx.db, meeting.id);
  const positions = placesOf(rows, meeting.capacity);
  for (const row of rows) {
    const waits = (positions.get(row.memberId) ?? null) !== null;
    if (waits === row.waitlisted) continue;
    setWaitlisted(ctx.db, meeting.id, row.memberId, waits);
    if (row.waitlisted && !waits)
      notify(ctx, {
        kind: "waitlistPlace",
        to: [row.memberId],
        values: { day: { date: meeting.date } },
        link: `/monthlymeeting/${meeting.id}`,
        email: (_member, language) => {
          // English has always written the day as the meeting's date; another language its own.
          const date = language === "en" ? meeting.date : emailDate(language, meeting.date);
          return clubEmail({
            to: row.email,
            language,
            subject: emailText(language, "waitlist.subject", { date }),
            firstName: row.firstName,
            paragraphs: [emailText(language, "waitlist.body", { date })],
            link: {
              href: `${ctx.config.appUrl}/monthlymeeting/${meeting.id}`,
              label: emailText(language, "meeting.link"),
            },
          });
        },
      });
  }
}

/** Members answer only for a meeting still ahead (an answer, and the undo of one): 409 otherwise. */
export function assertCanAnswer(ctx: PublicCtx, meeting: { date: string }): void {
  if (!isUpcoming(ctx, meeting)) throw new ConflictError(ServerMessages.meetingPast, "MEETING_PAST");
}

/**
 * Writes a member's answer as given NOW (a "going" joins the end of the queue unless the member
 * was already going) and settles the waitlist, emailing whoever got a place. Shared by an answer
 * and by the undo of one: an undone answer is answered again, it does not jump the queue.
 * Call inside the change's transaction.
 */
export function writeAnswer(
  ctx: Deps,
  meeting: { id: number; date: string; capacity: number | null },
  memberId: number,
  answer: { status: RsvpInput["status"]; guests: number },
): void {
  upsertRsvp(ctx.db, {
    meetingId: meeting.id,
    memberId,
    status: answer.status,
    guests: answer.status === "declined" ? 0 : answer.guests,
    now: new Date().toISOString(),
  });
  settleWaitlist(ctx, meeting);
}

/** A member's answer for an upcoming meeting: going (maybe on the waitlist), maybe or declined. */
export function setRsvp(
  ctx: AuthedCtx,
  input: RsvpInput,
): { status: RsvpInput["status"]; waitlistPosition: number | null } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertCanAnswer(ctx, meeting);
  const position = audited(ctx, "rsvp", `${meeting.id}:${ctx.user.id}`, () => {
    writeAnswer(ctx, meeting, ctx.user.id, input);
    return { result: placesOf(listRsvps(ctx.db, meeting.id), meeting.capacity).get(ctx.user.id) ?? null };
  });
  ctx.events.emit(meeting.id, { kind: "rsvp" });
  return { status: input.status, waitlistPosition: position };
}

/** Who is coming (guests, waitlist), with the members' names for members only (policy/privacy.ts). */
export async function getRsvps(ctx: RequestCtx, input: { id: number }): Promise<Rsvp[]> {
  const meeting = meetingOrThrow(ctx, input.id);
  const namesShown = seesMembersData(viewerOf(await ctx.auth()));
  const rows = listRsvps(ctx.db, meeting.id);
  const positions = placesOf(rows, meeting.capacity);
  return rows.map((row) => ({
    member: namesShown ? { firstName: row.firstName, lastName: row.lastName } : null,
    status: row.status,
    guests: row.guests,
    waitlistPosition: positions.get(row.memberId) ?? null,
  }));
}

/** The caller's own answer and waitlist place (the list above names no one by id). */
export function getMyRsvp(ctx: AuthedCtx, input: { id: number }): MyRsvp {
  const meeting = meetingOrThrow(ctx, input.id);
  const rows = listRsvps(ctx.db, meeting.id);
  const mine = rows.find((row) => row.memberId === ctx.user.id);
  if (!mine) return { status: null, guests: 0, waitlistPosition: null };
  return {
    status: mine.status,
    guests: mine.guests,
    waitlistPosition: placesOf(rows, meeting.capacity).get(ctx.user.id) ?? null,
  };
}
