import type { TRPCRouterRecord } from "@trpc/server";
import { NextMeetingSchema } from "@club/shared";
import { publicProcedure } from "../../kernel/trpc";
import { nextMeeting } from "./service";

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
} satisfies TRPCRouterRecord;
