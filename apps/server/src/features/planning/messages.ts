import {
  claimNotification,
  insertMeetingMessage,
  listMeetingMessages,
  listMessageRecipients,
  setMeetingMessageSent,
} from "@club/db";
import {
  longDate,
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

/**
 * One member's copy of a message to the club: an email now. Each copy is claimed in the send's
 * transaction (key `message:<id>`), so no member gets one twice. This is the one call a channel
 * of the member's choosing (in the app, on the phone) would join.
 */
function deliverMessage(
  ctx: AuthedCtx,
  message: { id: number; meetingId: number; subject: string; body: string; date: string },
  to: { id: number; email: string; firstName: string },
): boolean {
  if (!claimNotification(ctx.db, to.id, `message:${message.id}`)) return false;
  ctx.mailer.send(
    clubEmail({
      to: to.email,
      subject: message.subject,
      firstName: to.firstName,
      paragraphs: [
        ...message.body
          .split(/\r?\n\s*\r?\n/)
          .map((p) => p.trim())
          .filter(Boolean),
        `About the meeting of ${longDate(message.date)}. You can turn meeting emails off in your account.`,
      ],
      link: { href: `${ctx.config.appUrl}/monthlymeeting/${message.meetingId}`, label: "Open the meeting" },
    }),
  );
  return true;
}

/**
 * POST /api/MonthlyMeetings/{id}/Messages: whoever runs the night writes to everyone going (who
 * answered going, the waitlist included) or to all members, by email to each who wants meeting
 * emails (the Account page's choice), the writer aside. The message is kept on the meeting's page.
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
    let sent = 0;
    for (const member of listMessageRecipients(ctx.db, meeting.id, input.to)) {
      if (member.id === ctx.user.id) continue;
      if (deliverMessage(ctx, message, member)) sent++;
    }
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
