import {
  findMemberById,
  insertMeetingMessage,
  listMeetingMessages,
  listMessageRecipients,
  setMeetingMessageSent,
} from "@club/db";
import {
  PlanningMessages,
  type MeetingMessage,
  type MeetingMessageInput,
  type MessageSent,
} from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { ConflictError } from "../../kernel/errors";
import { recordActivity } from "../activity/record";
import { clubEmail } from "../auth/email";
import { assertHost, meetingOrThrow } from "../night/access";
import { emailDate, emailText } from "../../platform/emailText";
import { notify } from "../notifications/notify";

/**
 * A message to the club, told through notify() as its own kind: each member gets it in the
 * channels they chose for it (in the app, by email, on the phone), once (key `message:<id>`), or
 * not at all when they turned the kind off. The email is the message itself.
 */
function deliverMessage(
  ctx: AuthedCtx,
  message: { id: number; meetingId: number; subject: string; body: string; date: string },
  to: number[],
): number {
  const link = `/monthlymeeting/${message.meetingId}`;
  return notify(ctx, {
    kind: "clubMessage",
    to,
    except: ctx.user.id,
    values: { who: authorName(ctx), subject: message.subject },
    body: message.body.length > PUSH_BODY_MAX ? `${message.body.slice(0, PUSH_BODY_MAX - 1)}…` : message.body,
    link,
    once: `message:${message.id}`,
    email: (member, language) =>
      clubEmail({
        to: member.email,
        language,
        subject: message.subject,
        firstName: member.firstName,
        paragraphs: [
          ...message.body
            .split(/\r?\n\s*\r?\n/)
            .map((p) => p.trim())
            .filter(Boolean),
          emailText(language, "message.about", { date: emailDate(language, message.date) }),
        ],
        link: { href: `${ctx.config.appUrl}${link}`, label: emailText(language, "meeting.link") },
      }),
  });
}

/** How much of a message a phone's notification shows under its title. */
const PUSH_BODY_MAX = 180;

const authorName = (ctx: AuthedCtx): string => {
  const me = findMemberById(ctx.db, ctx.user.id);
  return me ? `${me.firstName} ${me.lastName}`.trim() : "The host";
};

/**
 * POST /api/MonthlyMeetings/{id}/Messages: whoever runs the night writes to everyone going (who
 * answered going, the waitlist included) or to all members, each in the channels they chose for
 * messages to the club (email also follows the Account page's meeting emails choice), the writer
 * aside; `sent` counts the members it reached. The message is kept on the meeting's page.
 */
export function sendMeetingMessage(ctx: AuthedCtx, input: MeetingMessageInput): MessageSent {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  return ctx.db.transaction(() => {
    // The same message again (a second tap, a retried request) is not sent again.
    if (
      listMeetingMessages(ctx.db, meeting.id).some(
        (m) => m.subject === input.subject && m.body === input.text && m.audience === input.to,
      )
    )
      throw new ConflictError(PlanningMessages.messageSentAlready, "MESSAGE_SENT");
    const row = insertMeetingMessage(ctx.db, {
      meetingId: meeting.id,
      authorId: ctx.user.id,
      audience: input.to,
      subject: input.subject,
      body: input.text,
    });
    const message = { ...row, date: meeting.date };
    const recipients = listMessageRecipients(ctx.db, meeting.id, input.to).map((m) => m.id);
    const sent = deliverMessage(ctx, message, recipients);
    setMeetingMessageSent(ctx.db, row.id, sent);
    recordActivity(ctx, "meetingMessage", row.id, null, { ...row, sent });
    return { sent };
  });
}

/** GET /api/MonthlyMeetings/{id}/Messages: members read what was written, newest first. */
export function getMeetingMessages(ctx: AuthedCtx, input: { id: number }): MeetingMessage[] {
  const meeting = meetingOrThrow(ctx, input.id);
  return listMeetingMessages(ctx.db, meeting.id).map((m) => ({
    id: m.id,
    at: m.at,
    by: m.authorFirst === null ? null : `${m.authorFirst} ${m.authorLast ?? ""}`.trim(),
    to: m.audience,
    subject: m.subject,
    text: m.body,
    sent: m.sent,
  }));
}
