import { CLUB_NAME, type Language } from "@club/shared";
import { emailText } from "../../platform/emailText";
import type { Email } from "../../platform/mailer";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * A short email: a greeting, paragraphs, and one link (as a button-like link and in clear), its own
 * words in `language` (English by default; the caller's paragraphs are its own). Without
 * `firstName` the greeting names nobody: mail to an address not confirmed yet carries no text a
 * stranger typed (a registration form is anyone's to fill in). `greeting` is a greeting of its own
 * ("Hello admin,").
 */
export function clubEmail(opts: {
  to: string;
  subject: string;
  firstName?: string;
  greeting?: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  footer?: string;
  language?: Language;
}): Email {
  const language = opts.language ?? "en";
  const greeting =
    opts.greeting ??
    (opts.firstName === undefined
      ? emailText(language, "hello")
      : emailText(language, "helloName", { firstName: opts.firstName }));
  const text = [
    greeting,
    "",
    ...opts.paragraphs.flatMap((p) => [p, ""]),
    ...(opts.link ? [opts.link.href, ""] : []),
    ...(opts.footer ? [opts.footer] : []),
  ].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(opts.link
      ? [
          `<p><a href="${escapeHtml(opts.link.href)}">${escapeHtml(opts.link.label)}</a></p>`,
          `<p>${escapeHtml(emailText(language, "openLink", { href: opts.link.href }))}</p>`,
        ]
      : []),
    ...(opts.footer ? [`<p>${escapeHtml(opts.footer)}</p>`] : []),
  ].join("\n");
  return { to: opts.to, subject: opts.subject, text, html };
}

const club = { club: CLUB_NAME };

/** To an address not confirmed yet: no name in it (see clubEmail). */
export const confirmationEmail = (opts: { to: string; link: string; language: Language }): Email =>
  clubEmail({
    to: opts.to,
    language: opts.language,
    subject: emailText(opts.language, "confirm.subject", club),
    paragraphs: [emailText(opts.language, "confirm.body", club)],
    link: { href: opts.link, label: emailText(opts.language, "confirm.link") },
    footer: emailText(opts.language, "confirm.footer"),
  });

/** To the owner of an address someone tried to register again (instead of telling the registrant). */
export const alreadyRegisteredEmail = (opts: {
  to: string;
  firstName: string;
  link: string;
  language: Language;
}): Email =>
  clubEmail({
    to: opts.to,
    language: opts.language,
    subject: emailText(opts.language, "registeredAgain.subject", club),
    firstName: opts.firstName,
    paragraphs: [
      emailText(opts.language, "registeredAgain.body"),
      emailText(opts.language, "registeredAgain.forgot"),
    ],
    link: { href: opts.link, label: emailText(opts.language, "registeredAgain.link") },
    footer: emailText(opts.language, "registeredAgain.footer"),
  });

export const approvalNeededEmail = (opts: {
  to: string;
  member: { firstName: string; lastName: string; email: string };
  link: string;
  language: Language;
}): Email => {
  const { firstName, lastName, email } = opts.member;
  return clubEmail({
    to: opts.to,
    language: opts.language,
    subject: emailText(opts.language, "approvalNeeded.subject", { firstName, lastName, ...club }),
    greeting: emailText(opts.language, "helloAdmin"),
    paragraphs: [emailText(opts.language, "approvalNeeded.body", { firstName, lastName, email })],
    link: { href: opts.link, label: emailText(opts.language, "approvalNeeded.link") },
  });
};

export const approvedEmail = (opts: {
  to: string;
  firstName: string;
  link: string;
  language: Language;
}): Email =>
  clubEmail({
    to: opts.to,
    language: opts.language,
    subject: emailText(opts.language, "approved.subject", club),
    firstName: opts.firstName,
    paragraphs: [emailText(opts.language, "approved.body")],
    link: { href: opts.link, label: emailText(opts.language, "approved.link") },
  });

export const passwordResetEmail = (opts: {
  to: string;
  firstName: string;
  link: string;
  language: Language;
}): Email =>
  clubEmail({
    to: opts.to,
    language: opts.language,
    subject: emailText(opts.language, "reset.subject", club),
    firstName: opts.firstName,
    paragraphs: [emailText(opts.language, "reset.body")],
    link: { href: opts.link, label: emailText(opts.language, "reset.link") },
    footer: emailText(opts.language, "reset.footer"),
  });
