import {
  clubCalendarId,
  findMeetingOnOrAfter,
  listCalendarMeetings,
  listMeetingCancellations,
  type CalendarMeetingRow,
} from "@club/db";
import {
  CalendarMessages,
  ServerMessages,
  type CalendarLinks,
  type Language,
  type NextMeeting,
} from "@club/shared";
import type { Deps } from "../../kernel/context";
import { NotFoundError } from "../../kernel/errors";
import { dateIn, ruleDateOnOrAfter, zonedInstant } from "../../platform/clubTime";
import { isHiddenPour } from "../../policy/secrecy";
import { clubLanguage, tableText } from "../../platform/i18n";
import { buildCalendar, type CalendarEvent } from "./ics";
import { googleCalendarLink, outlookCalendarLink } from "./links";
import { clubOf } from "../club/service";

/** GET /api/MonthlyMeetings/Next: the next scheduled meeting, else the date the club's rule gives. */
export function nextMeeting(ctx: Deps): NextMeeting {
  const today = dateIn(ctx.config.clubTimezone, ctx.now());
  const scheduled = findMeetingOnOrAfter(ctx.db, today);
  const club = clubOf(ctx);
  return {
    date: scheduled?.date ?? ruleDateOnOrAfter(today, club),
    time: club.meetingTime,
    timezone: ctx.config.clubTimezone,
    meetingId: scheduled?.id ?? null,
  };
}

/**
 * A meeting's UID: its id and the club's calendar id, kept in the database (migration 0009), never
 * APP_URL's host: a club that moves to another address must not duplicate its meetings in every
 * subscriber's calendar.
 */
const uidOf = (ctx: Deps, id: number) => `meeting-${id}@${clubCalendarId(ctx.db)}.whiskey-club`;

/** The calendar's words in a language (English: as the table says them). */
function wordsIn(language: Language) {
  const say = (
    key: keyof typeof CalendarMessages,
    english: string,
    values?: Record<string, string | number>,
  ) => tableText(language, "calendar", key, english, values);
  return {
    host: (name: string) => say("host", CalendarMessages.host(name), { name }),
    theme: (theme: string) => say("theme", CalendarMessages.theme(theme), { theme }),
    blind: () => say("blind", CalendarMessages.blind),
    lineUp: (pours: string) => say("lineUp", CalendarMessages.lineUp(pours), { pours }),
    dram: (pour: number) => say("dram", CalendarMessages.dram(pour), { pour }),
    cancelled: () => say("cancelled", CalendarMessages.cancelled),
  };
}
type Words = ReturnType<typeof wordsIn>;

/** The language a feed is written in: the one it was asked for, else the club's. */
export const feedLanguage = (ctx: Deps, asked: Language | null): Language => asked ?? clubLanguage(ctx);

/** Host and line-up; a blind night's pours stay "Dram N" until revealed, as everywhere else. */
function describe(m: CalendarMeetingRow, words: Words): string {
  const lines = [words.host(m.hostName), words.theme(m.theme)];
  if (m.blind) lines.push(words.blind());
  if (m.lineUp.length > 0)
    lines.push(
      words.lineUp(m.lineUp.map((p) => (isHiddenPour(m, p) ? words.dram(p.position) : p.name)).join(", ")),
    );
  return lines.join("\n");
}

function eventsOf(ctx: Deps, language: Language, meetingId?: number): CalendarEvent[] {
  const words = wordsIn(language);
  const events: CalendarEvent[] = listCalendarMeetings(ctx.db, meetingId).map((m) => ({
    uid: uidOf(ctx, m.id),
    date: m.date,
    sequence: m.sequence,
    summary: `${clubOf(ctx).name}: ${m.theme}`,
    description: describe(m, words),
    url: `${ctx.config.appUrl}/monthlymeeting/${m.id}`,
    cancelled: false,
  }));
  for (const c of listMeetingCancellations(ctx.db, meetingId))
    events.push({
      uid: uidOf(ctx, c.meetingId),
      date: c.date,
      sequence: c.sequence,
      summary: c.summary,
      description: words.cancelled(),
      url: ctx.config.appUrl,
      cancelled: true,
    });
  return events.sort((a, b) => a.date.localeCompare(b.date));
}

/** GET /calendar.ics: every meeting, in `language`. */
export const calendarFeed = (ctx: Deps, language: Language): string =>
  buildCalendar({
    name: clubOf(ctx).name,
    meetingTime: clubOf(ctx).meetingTime,
    timeZone: ctx.config.clubTimezone,
    place: ctx.config.clubPlace,
    events: eventsOf(ctx, language),
    now: ctx.now(),
  });

/** GET /api/MonthlyMeetings/{id}/Calendar: one meeting (or its cancellation). */
export function meetingCalendar(ctx: Deps, id: number, language: Language): string {
  const events = eventsOf(ctx, language, id);
  if (events.length === 0) throw new NotFoundError(ServerMessages.meetingNotFound);
  return buildCalendar({
    name: clubOf(ctx).name,
    meetingTime: clubOf(ctx).meetingTime,
    timeZone: ctx.config.clubTimezone,
    place: ctx.config.clubPlace,
    events,
    now: ctx.now(),
  });
}

/**
 * GET /api/MonthlyMeetings/{id}/CalendarLinks: "Add to Google Calendar" and Outlook links beside the
 * `.ics`, with the same title, host, theme and place, at the club's meeting time in its
 * time zone for the meeting's length.
 */
export function meetingCalendarLinks(ctx: Deps, id: number, language: Language): CalendarLinks {
  const [m] = listCalendarMeetings(ctx.db, id);
  if (!m) throw new NotFoundError(ServerMessages.meetingNotFound);
  const club = clubOf(ctx);
  const start = zonedInstant(m.date, club.meetingTime, ctx.config.clubTimezone);
  const url = `${ctx.config.appUrl}/monthlymeeting/${m.id}`;
  const words = wordsIn(language);
  const event = {
    title: `${club.name}: ${m.theme}`,
    start,
    end: new Date(start.getTime() + club.meetingDurationHours * 3_600_000),
    // Host and theme; the line-up is the .ics's and the meeting page's (it changes as the host plans).
    details: `${words.host(m.hostName)}\n${words.theme(m.theme)}\n${url}`,
    place: ctx.config.clubPlace,
    timeZone: ctx.config.clubTimezone,
  };
  return {
    ics: `${ctx.config.appUrl}/api/MonthlyMeetings/${m.id}/Calendar${
      language === clubLanguage(ctx) ? "" : `?lang=${language}`
    }`,
    google: googleCalendarLink(event),
    outlook: outlookCalendarLink(event),
  };
}
