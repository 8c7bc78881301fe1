import { CLUB_NAME } from "@club/shared";
import type { Email } from "../../platform/mailer";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * A short email: a greeting, paragraphs, and one link (as a button-like link and in clear). Without
 * `firstName` the greeting names nobody: mail to an address not confirmed yet carries no text a
 * stranger typed (a registration form is anyone's to fill in).
 */
export function clubEmail(opts: {
  to: string;
  subject: string;
  firstName?: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  footer?: string;
}): Email {
  const text = [
    opts.firstName === undefined ? "Hello," : `Hello ${opts.firstName},`,
    "",
    ...opts.paragraphs.flatMap((p) => [p, ""]),
    ...(opts.link ? [opts.link.href, ""] : []),
    ...(opts.footer ? [opts.footer] : []),
  ].join("\n");
  const html = [
    opts.firstName === undefined ? "<p>Hello,</p>" : `<p>Hello ${escapeHtml(opts.firstName)},</p>`,
    ...opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(opts.link
      ? [
          `<p><a href="${escapeHtml(opts.link.href)}">${escapeHtml(opts.link.label)}</a></p>`,
          `<p>Or open this link: ${escapeHtml(opts.link.href)}</p>`,
        ]
      : []),
    ...(opts.footer ? [`<p>${escapeHtml(opts.footer)}</p>`] : []),
  ].join("\n");
  return { to: opts.to, subject: opts.subject, text, html };
}

/** To an address not confirmed yet: no name in it (see clubEmail). */
export const confirmationEmail = (opts: { to: string; link: string }): Email =>
  clubEmail({
    to: opts.to,
    subject: `Confirm your email for the ${CLUB_NAME}`,
    paragraphs: [`Welcome to the ${CLUB_NAME}! Please confirm your email address by opening this link:`],
    link: { href: opts.link, label: "Confirm my email address" },
    footer:
      "The link is valid for 24 hours. If you did not register, you can ignore this email: nothing happens without this link.",
  });

/** To the owner of an address someone tried to register again (instead of telling the registrant). */
export const alreadyRegisteredEmail = (opts: { to: string; firstName: string; link: string }): Email =>
  clubEmail({
    to: opts.to,
    subject: `Someone tried to register with your email at the ${CLUB_NAME}`,
    firstName: opts.firstName,
    paragraphs: [
      "Someone (maybe you) just tried to register with this email address, but you are already a member.",
      "If you forgot your password, choose a new one here:",
    ],
    link: { href: opts.link, label: "Choose a new password" },
    footer: "If it was not you, you can ignore this email: your account has not changed.",
  });

export const approvalNeededEmail = (opts: {
  to: string;
  member: { firstName: string; lastName: string; email: string };
  link: string;
}): Email =>
  clubEmail({
    to: opts.to,
    subject: `${opts.member.firstName} ${opts.member.lastName} is waiting to join the ${CLUB_NAME}`,
    firstName: "admin",
    paragraphs: [
      `${opts.member.firstName} ${opts.member.lastName} (${opts.member.email}) confirmed their email address and is waiting for an admin to approve the membership.`,
    ],
    link: { href: opts.link, label: "Review members" },
  });

export const approvedEmail = (opts: { to: string; firstName: string; link: string }): Email =>
  clubEmail({
    to: opts.to,
    subject: `Welcome to the ${CLUB_NAME}`,
    firstName: opts.firstName,
    paragraphs: ["An admin approved your membership. You can log in now:"],
    link: { href: opts.link, label: "Log in" },
  });

export const passwordResetEmail = (opts: { to: string; firstName: string; link: string }): Email =>
  clubEmail({
    to: opts.to,
    subject: `Choose a new password for the ${CLUB_NAME}`,
    firstName: opts.firstName,
    paragraphs: ["Someone (hopefully you) asked to choose a new password. Open this link to do it:"],
    link: { href: opts.link, label: "Choose a new password" },
    footer:
      "The link is valid for one hour and works once; using it logs you out everywhere. If you did not ask, ignore this email.",
  });
