import { MeetingIdSchema } from "@club/shared";
import { parseInput } from "../../api/errors";
import type { RestOnlyRoute } from "../../api/restOnly";
import { calendarFeed, meetingCalendar } from "./service";

const ICS = "text/calendar; charset=utf-8";

/** GET /calendar.ics: the subscription feed (webcal://) of every meeting. */
export const calendarFeedRoute: RestOnlyRoute = {
  doc: {
    method: "GET",
    path: "/calendar.ics",
    operationId: "calendarFeed",
    tag: "Calendar",
    summary: "Every meeting as an iCalendar feed",
    description:
      "RFC 5545: the club's time zone, one event per meeting at 7:00 PM local with a stable UID, SEQUENCE raised on every edit, cancelled meetings as STATUS:CANCELLED. Subscribe with webcal://.",
    response: { status: 200, description: "The calendar.", binary: [ICS] },
    errors: [],
  },
  plugin: async (app) => {
    app.get("/calendar.ics", async (req, reply) =>
      reply
        .type(ICS)
        .header("cache-control", "no-cache")
        .header("content-disposition", 'inline; filename="club-meetings.ics"')
        .send(calendarFeed(req.server.deps)),
    );
  },
};

/** GET /api/MonthlyMeetings/{id}/Calendar: one meeting to add to a calendar. */
export const meetingCalendarRoute: RestOnlyRoute = {
  doc: {
    method: "GET",
    path: "/api/MonthlyMeetings/:id/Calendar",
    operationId: "meetingCalendar",
    tag: "Calendar",
    summary: "One meeting as an iCalendar file",
    params: MeetingIdSchema,
    response: { status: 200, description: "The calendar with the one event.", binary: [ICS] },
    errors: [404],
  },
  plugin: async (app) => {
    app.get("/api/MonthlyMeetings/:id/Calendar", async (req, reply) => {
      const { id } = parseInput(MeetingIdSchema, req.params);
      return reply
        .type(ICS)
        .header("cache-control", "no-cache")
        .header("content-disposition", `attachment; filename="meeting-${id}.ics"`)
        .send(meetingCalendar(req.server.deps, id));
    });
  },
};
