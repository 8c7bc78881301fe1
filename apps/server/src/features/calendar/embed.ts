import { createHash } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { listCalendarMeetings } from "@club/db";
import {
  EMBED_WORDS,
  EMBED_WORDS_IN,
  EmbedThemeSchema,
  FORMAT_LOCALES,
  longDate,
  timeLabel,
} from "@club/shared";
import type { Deps } from "../../kernel/context";
import { parseInput } from "../../kernel/errors";
import { textRepresentation, sendRepresentation } from "../../platform/httpCache";
import { nextMeeting } from "./service";
import { clubOf } from "../club/service";

export const EMBED_NEXT_MEETING_PATH = "/embed/next-meeting";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The app's colours (apps/web/src/theme.ts): amber on warm white, or on peat-smoke grey. */
const SCHEMES = {
  light: "--bg:#ffffff;--fg:#2e2721;--dim:#5c5249;--accent:#8a4f07;--line:#e8dfd3",
  dark: "--bg:#221d19;--fg:#ded6cc;--dim:#a89d90;--accent:#f0a326;--line:#3d352d",
} as const;

const BASE_CSS =
  "*{box-sizing:border-box}html,body{margin:0}" +
  "body{font:15px/1.4 Inter,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:var(--bg);color:var(--fg);padding:12px 14px}" +
  "h1{font:700 13px/1.2 system-ui,sans-serif;letter-spacing:.04em;text-transform:uppercase;color:var(--dim);margin:0 0 6px}" +
  "time{display:block;font:700 19px/1.25 'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif;margin:0 0 8px}" +
  "dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:0 0 10px}dt{color:var(--dim)}dd{margin:0}" +
  "a{color:var(--accent);font-weight:600}";

/** The stylesheet of each choice: one scheme, or the visitor's system's (prefers-color-scheme). */
const CSS = {
  light: `:root{color-scheme:light;${SCHEMES.light}}${BASE_CSS}`,
  dark: `:root{color-scheme:dark;${SCHEMES.dark}}${BASE_CSS}`,
  auto: `:root{color-scheme:light dark;${SCHEMES.light}}@media (prefers-color-scheme:dark){:root{${SCHEMES.dark}}}${BASE_CSS}`,
} as const;

const styleHash = (css: string) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
const HASHES = { light: styleHash(CSS.light), dark: styleHash(CSS.dark), auto: styleHash(CSS.auto) };

/**
 * The card's policy: nothing but its own inline style (by hash), no script at all, and framed only
 * by the club's websites (CORS_ORIGINS; none when unset). Every other page keeps
 * `frame-ancestors 'none'` and X-Frame-Options DENY (platform/security.ts).
 */
const embedCsp = (scheme: keyof typeof CSS, origins: readonly string[]) =>
  [
    "default-src 'none'",
    `style-src ${HASHES[scheme]}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${origins.length > 0 ? origins.join(" ") : "'none'"}`,
  ].join("; ");

/** The card: the next meeting's date and time, its theme and host, a link to it in the app. */
export function nextMeetingCard(deps: Deps, scheme: keyof typeof CSS): string {
  const next = nextMeeting(deps);
  const club = clubOf(deps);
  const clubName = club.name;
  // In the club's language: English word for word as it always was, another language's words and
  // its date and time as Intl writes them there (the meeting's wall-clock time, no zone shift).
  const words = EMBED_WORDS_IN[club.language] ?? EMBED_WORDS;
  const when = EMBED_WORDS_IN[club.language]
    ? new Date(`${next.date}T${next.time}:00Z`).toLocaleString(FORMAT_LOCALES[club.language], {
        dateStyle: "full",
        timeStyle: "short",
        timeZone: "UTC",
      })
    : `${longDate(next.date)}, ${timeLabel(next.time)}`;
  const meeting = next.meetingId === null ? undefined : listCalendarMeetings(deps.db, next.meetingId)[0];
  const href = meeting ? `${deps.config.appUrl}/monthlymeeting/${meeting.id}` : `${deps.config.appUrl}/`;
  const rows: [string, string][] = [
    [words.theme, meeting?.theme ?? words.toBeAnnounced],
    [words.host, meeting?.hostName || words.toBeAnnounced],
  ];
  return [
    "<!doctype html>",
    `<html lang="${club.language}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="color-scheme" content="${scheme === "auto" ? "light dark" : scheme}">`,
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(`${clubName}: ${words.title}`)}</title>`,
    `<style>${CSS[scheme]}</style>`,
    "</head>",
    "<body>",
    `<h1>${escapeHtml(`${clubName} · ${words.title}`)}</h1>`,
    `<time datetime="${next.date}T${next.time}">${escapeHtml(when)}</time>`,
    `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>`,
    // Opens the app itself, not inside the website's frame.
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(meeting ? words.seeMeeting : words.seeMeetings)}</a>`,
    "</body>",
    "</html>",
  ].join("");
}

/**
 * GET /embed/next-meeting: a small page rendered on the server, no script, for a club's website
 * to frame (`?theme=light` or `dark`; else the visitor's system's). A page, not an API route: not
 * in the OpenAPI document.
 */
export const embedPlugin: FastifyPluginAsync = async (app) => {
  app.get(EMBED_NEXT_MEETING_PATH, (req, reply) => {
    const scheme = parseInput(EmbedThemeSchema, (req.query as { theme?: unknown }).theme) ?? "auto";
    const deps = req.server.deps;
    reply
      .header("content-security-policy", embedCsp(scheme, deps.config.corsOrigins))
      .header("cross-origin-resource-policy", "cross-origin")
      .removeHeader("x-frame-options");
    return sendRepresentation(
      req,
      reply,
      textRepresentation(nextMeetingCard(deps, scheme), "e", true),
      "text/html; charset=utf-8",
      undefined,
      "no-cache",
    );
  });
};
