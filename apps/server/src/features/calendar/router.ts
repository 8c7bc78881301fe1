import type { TRPCRouterRecord } from "@trpc/server";
import { CalendarLinksInputSchema, CalendarLinksSchema, NextMeetingSchema } from "@club/shared";
import { cachedReadProcedure, publicProcedure } from "../../kernel/trpc";
import { feedLanguage, meetingCalendarLinks, nextMeeting } from "./service";

/** The club's calendar: the next meeting by the rule (the .ics feeds are REST-only, routes.ts). */
export const calendarRouter = {
  next: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/Next" },
      doc: {
        summary: "The next meeting",
        description:
          "The next scheduled meeting, or when none is, the date the club's rule gives (the second Friday at 7:00 PM in the club's time zone), with meetingId null.",
        response: NextMeetingSchema,
        responseDescription: "Date, time, time zone and the meeting's id if scheduled.",
      },
    })
    .query(({ ctx }) => nextMeeting(ctx)),

  links: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/CalendarLinks" },
      doc: {
        summary: "Links that add a meeting to a calendar",
        description:
          "The meeting's `.ics`, and Google Calendar's and Outlook's new event filled in: the title, 7:00 PM in the club's time zone for three hours, the host and theme, the meeting's page, and the club's place (CLUB_PLACE) when set. The words are in the club's language, or in `lang`'s when it names a language of the app (the `.ics` link then asks for it too).",
        response: CalendarLinksSchema,
        responseDescription: "The links.",
        errors: [404],
      },
    })
    .input(CalendarLinksInputSchema)
    .query(({ ctx, input }) => meetingCalendarLinks(ctx, input.id, feedLanguage(ctx, input.lang ?? null))),
} satisfies TRPCRouterRecord;
