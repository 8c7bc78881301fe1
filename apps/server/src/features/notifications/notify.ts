import {
  claimNotification,
  insertNotification,
  listKindSettings,
  listNotifiableMembers,
  queuePushMessage,
  listPushSubscriptions,
} from "@club/db";
import {
  NOTIFICATION_DEFAULTS,
  type Language,
  type NotificationChannels,
  type NotificationKind,
} from "@club/shared";
import type { Deps } from "../../kernel/context";
import type { Email } from "../../platform/mailer";
import { approvalNeededEmail, clubEmail } from "../auth/email";
import { emailText } from "../../platform/emailText";
import { clubLanguage, memberLanguage } from "../../platform/i18n";
import { queueWebhookEvent } from "../webhooks/service";
import { noticeText, type NoticeValues } from "./text";

type Recipient = ReturnType<typeof listNotifiableMembers>[number];

/** Something to tell members of, in the channels each of them chose for its kind. */
export interface Notice {
  kind: NotificationKind;
  /** Member ids, every member, or the admins; only active, confirmed members are told. */
  to: number[] | "members" | "admins";
  /** The member whose own change it is: never told of it. */
  except?: number;
  /**
   * The values of its kind's sentence (`locales/<language>/notices.json`): one sentence, the same
   * in the app, on the phone and as the email's subject, in each member's language.
   */
  values: NoticeValues;
  /** A path in the app ("/monthlymeeting/12"). */
  link: string;
  /**
   * Each member is told of this key once, whatever happens again (a reveal hidden and made again,
   * a job run twice, a restart): claimed in the same transaction as the notification.
   */
  once?: string;
  /** The kind's own email for a member, in their language (the text and the link when absent). */
  email?: (member: Recipient, language: Language) => Email;
  /** A line under the text on the phone (none when absent). */
  body?: string;
}

/**
 * The key a webhook gets a notice of once: the notice's own, and for a notice to one member (their
 * dues statement, their waitlist place) that member's, so each member's is an event of its own.
 */
const webhookOnce = (notice: Notice): string | undefined =>
  notice.once === undefined
    ? undefined
    : Array.isArray(notice.to) && notice.to.length === 1
      ? `${notice.once}:${notice.to[0]}`
      : notice.once;

/** The Account page's reminder choices still stop the emails they always stopped. */
const reminderChoiceAllows = (kind: NotificationKind, member: Recipient): boolean =>
  kind === "meetingNew" || kind === "clubMessage"
    ? member.meetingReminders
    : kind === "duesStatement"
      ? member.duesReminders
      : true;

/** Each member's channels for a kind: their own, or the kind's defaults. */
export function channelsFor(deps: Deps, kind: NotificationKind): (memberId: number) => NotificationChannels {
  const own = new Map(listKindSettings(deps.db, kind).map((s) => [s.memberId, s]));
  return (memberId) => own.get(memberId) ?? NOTIFICATION_DEFAULTS[kind];
}

/**
 * Tells members of something, in the channels each chose for its kind: a notification in the app,
 * an email through the outbox, a message to their phones through the push outbox; and the admins'
 * webhooks that take the kind, through theirs. Call it inside
 * the transaction of the change it tells of: the notification, the email and the push are written
 * with the change or not at all, and the outboxes deliver each once, across restarts. Returns how
 * many members were told.
 */
export function notify(deps: Deps, notice: Notice): number {
  const members =
    notice.to === "members"
      ? listNotifiableMembers(deps.db)
      : notice.to === "admins"
        ? listNotifiableMembers(deps.db).filter((m) => m.role === "admin")
        : listNotifiableMembers(deps.db, notice.to);
  const channels = channelsFor(deps, notice.kind);
  const at = deps.now().toISOString();
  const club = clubLanguage(deps);
  const texts = new Map<Language, string>();
  const textIn = (language: Language): string => {
    let text = texts.get(language);
    if (text === undefined) texts.set(language, (text = noticeText(language, notice.kind, notice.values)));
    return text;
  };
  let told = 0;
  deps.db.transaction(() => {
    const pushTo = new Map<Language, number[]>();
    for (const member of members) {
      if (member.id === notice.except) continue;
      const wants = channels(member.id);
      const email = wants.email && reminderChoiceAllows(notice.kind, member);
      if (!wants.inApp && !email && !wants.push) continue;
      if (notice.once !== undefined && !claimNotification(deps.db, member.id, notice.once)) continue;
      const language = memberLanguage(member.language, club);
      if (wants.inApp)
        insertNotification(deps.db, {
          memberId: member.id,
          kind: notice.kind,
          text: textIn(language),
          link: notice.link,
          createdAt: at,
        });
      if (email)
        deps.mailer.send(
          notice.email?.(member, language) ?? defaultEmail(deps, notice, member, language, textIn(language)),
        );
      if (wants.push) pushTo.set(language, [...(pushTo.get(language) ?? []), member.id]);
      told++;
    }
    for (const [language, ids] of pushTo) {
      const payload = JSON.stringify({
        title: textIn(language),
        body: notice.body ?? "",
        link: notice.link,
        kind: notice.kind,
      });
      for (const subscription of listPushSubscriptions(deps.db, ids))
        queuePushMessage(deps.db, { subscriptionId: subscription.id, payload });
    }
    // The admins' webhooks hear of it whoever was told (a member who turned it off included), in
    // the club's language.
    queueWebhookEvent(deps, {
      event: notice.kind,
      text: textIn(club),
      link: notice.link,
      once: webhookOnce(notice),
    });
  });
  if (told > 0) deps.push.wake();
  return told;
}

const defaultEmail = (
  deps: Deps,
  notice: Notice,
  member: Recipient,
  language: Language,
  text: string,
): Email =>
  clubEmail({
    to: member.email,
    language,
    subject: text,
    firstName: member.firstName,
    paragraphs: [text, emailText(language, "notification.choose")],
    link: { href: `${deps.config.appUrl}${notice.link}`, label: emailText(language, "notification.link") },
  });

/** A confirmed registration waits for an admin: every admin is told (by email as before). */
export function notifyApprovalWaiting(
  deps: Deps,
  member: { firstName: string; lastName: string; email: string },
): void {
  const name = `${member.firstName} ${member.lastName}`.trim();
  notify(deps, {
    kind: "approvalWaiting",
    to: "admins",
    values: { who: name },
    link: "/members",
    email: (admin, language) =>
      approvalNeededEmail({ to: admin.email, member, link: `${deps.config.appUrl}/members`, language }),
  });
}
