import { CLUB_NAME } from "@club/shared";
import type { Email } from "../../platform/mailer";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export function confirmationEmail(opts: { to: string; firstName: string; link: string }): Email {
  const text = [
    `Hello ${opts.firstName},`,
    "",
    `Welcome to the ${CLUB_NAME}! Please confirm your email address by opening this link:`,
    "",
    opts.link,
    "",
    "The link is valid for 24 hours. If you did not register, you can ignore this email.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(opts.firstName)},</p>
<p>Welcome to the ${escapeHtml(CLUB_NAME)}! Please confirm your email address:</p>
<p><a href="${escapeHtml(opts.link)}">Confirm my email address</a></p>
<p>Or open this link: ${escapeHtml(opts.link)}</p>
<p>The link is valid for 24 hours. If you did not register, you can ignore this email.</p>`;
  return { to: opts.to, subject: `Confirm your email for the ${CLUB_NAME}`, text, html };
}
