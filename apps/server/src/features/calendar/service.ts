import {
  clubCalendarId,
  findMeetingOnOrAfter,
  listCalendarMeetings,
  listMeetingCancellations,
  type CalendarMeetingRow,
} from "@club/db";
import { ServerMessages, type CalendarLinks, type NextMeeting } from "@club/shared";
import type { Deps } from "../../kernel/context";
import { NotFoundError } from "../../kernel/errors";
import { dateIn, ruleDateOnOrAfter, zonedInstant } from "../../platform/clubTime";
import { dramLabel, isHiddenPour } from "../../policy/secrecy";
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

/** Host and line-up; a blind night's pours stay "Dram N" until revealed, as everywhere else. */
function describe(m: CalendarMeetingRow): string {
  const lines = [`Host: ${m.hostName}`, `Theme: ${m.theme}`];
  if (m.blind) lines.push("A blind tasting.");
  if (m.lineUp.length > 0)
    lines.push(
      `Line-up: ${m.lineUp.map((p) => (isHiddenPour(m, p) ? dramLabel(p.position) : p.name)).join(", ")}`,
    );
  return lines.join("\n");
}

function eventsOf(ctx: Deps, meetingId?: number): CalendarEvent[] {
  const events: CalendarEvent[] = listCalendarMeetings(ctx.db, meetingId).map((m) => ({
    uid: uidOf(ctx, m.id),
    date: m.date,
    sequence: m.sequence,
    summary: `${clubOf(ctx).name}: ${m.theme}`,
    description: describe(m),
    url: `${ctx.config.appUrl}/monthlymeeting/${m.id}`,
    cancelled: false,
  }));
  for (const c of listMeetingCancellations(ctx.db, meetingId))
    events.push({
      uid: uidOf(ctx, c.meetingId),
      date: c.date,
      sequence: c.sequence,
      summary: c.summary,
      description: "This meeting was cancelled.",
      url: ctx.config.appUrl,
      cancelled: true,
    });
  return events.sort((a, b) => a.date.localeCompare(b.date));
}

/** GET /calendar.ics: every meeting. */
export const calendarFeed = (ctx: Deps): string =>
  buildCalendar({
    name: clubOf(ctx).name,
    meetingTime: clubOf(ctx).meetingTime,
    timeZone: ctx.config.clubTimezone,
    place: ctx.config.clubPlace,
    events: eventsOf(ctx),
    now: ctx.now(),
  });

/** GET /api/MonthlyMeetings/{id}/Calendar: one meeting (or its cancellation). */
export function meetingCalendar(ctx: Deps, id: number): string {
  const events = eventsOf(ctx, id);
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
export function meetingCalendarLinks(ctx: Deps, id: number): CalendarLinks {
  const [m] = listCalendarMeetings(ctx.db, id);
  if (!m) throw new NotFoundError(ServerMessages.meetingNotFound);
  const club = clubOf(ctx);
  const start = zonedInstant(m.date, club.meetingTime, ctx.config.clubTimezone);
  const url = `${ctx.config.appUrl}/monthlymeeting/${m.id}`;
  const event = {
    title: `${club.name}: ${m.theme}`,
    start,
    end: new Date(start.getTime() + club.meetingDurationHours * 3_600_000),
    // Host and theme; the line-up is the .ics's and the meeting page's (it changes as the host plans).
    details: `Host: ${m.hostName}\nTheme: ${m.theme}\n${url}`,
    place: ctx.config.clubPlace,
    timeZone: ctx.config.clubTimezone,
  };
  return {
    ics: `${ctx.config.appUrl}/api/MonthlyMeetings/${m.id}/Calendar`,
    google: googleCalendarLink(event),
    outlook: outlookCalendarLink(event),
  };
}
