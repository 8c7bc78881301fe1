import { CalendarQuerySchema, MeetingIdSchema } from "@club/shared";
import { parseInput } from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { dateIn } from "../../platform/clubTime";
import { sendRepresentation } from "../../platform/httpCache";
import { calendarFeed, feedLanguage, meetingCalendar } from "./service";

const ICS = "text/calendar; charset=utf-8";

/** GET /calendar.ics: the subscription feed (webcal://) of every meeting. */
export const calendarFeedRoute = restOnlyRoute({
  access: "public",
  doc: {
    method: "GET",
    path: "/calendar.ics",
    operationId: "calendarFeed",
    tag: "Calendar",
    summary: "Every meeting as an iCalendar feed",
    description:
      "RFC 5545: the club's time zone, one event per meeting at 7:00 PM local with a stable UID, SEQUENCE raised on every edit, cancelled meetings as STATUS:CANCELLED. Subscribe with webcal://. The events' words are in the club's language, or in `lang`'s when it names a language of the app.",
    query: CalendarQuerySchema,
    response: { status: 200, description: "The calendar.", binary: [ICS] },
    notModified: true,
    errors: [],
  },
  handler: ({ req, reply }) => {
    const deps = req.server.deps;
    const language = feedLanguage(deps, parseInput(CalendarQuerySchema, req.query).lang ?? null);
    // Every meeting, made once a day per language while the club is unchanged (anyone may ask for it).
    const today = dateIn(deps.config.clubTimezone, deps.now());
    const feed = deps.reads.document(`/calendar.ics|${language}|${today}`, () =>
      calendarFeed(deps, language),
    );
    reply.header("content-disposition", 'inline; filename="club-meetings.ics"');
    return sendRepresentation(req, reply, feed, ICS);
  },
});

/** GET /api/MonthlyMeetings/{id}/Calendar: one meeting to add to a calendar. */
export const meetingCalendarRoute = restOnlyRoute({
  access: "public",
  doc: {
    method: "GET",
    path: "/api/MonthlyMeetings/:id/Calendar",
    operationId: "meetingCalendar",
    tag: "Calendar",
    summary: "One meeting as an iCalendar file",
    params: MeetingIdSchema,
    query: CalendarQuerySchema,
    response: { status: 200, description: "The calendar with the one event.", binary: [ICS] },
    errors: [404],
  },
  handler: ({ req, reply, params: { id } }) =>
    reply
      .type(ICS)
      .header("cache-control", "no-cache")
      .header("content-disposition", `attachment; filename="meeting-${id}.ics"`)
      .send(
        meetingCalendar(
          req.server.deps,
          id,
          feedLanguage(req.server.deps, parseInput(CalendarQuerySchema, req.query).lang ?? null),
        ),
      ),
});
