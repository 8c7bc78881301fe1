import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { MeetingIdSchema, MyRsvpSchema, RsvpInputSchema, RsvpResultSchema, RsvpSchema } from "@club/shared";
import { memberProcedure, publicProcedure } from "../../kernel/trpc";
import { getMyRsvp, getRsvps, setRsvp } from "./rsvp";

/** Who is coming: answers, the waitlist, and the caller's own answer. */
export const rsvpRouter = {
  rsvp: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Rsvp" },
      doc: {
        summary: "Answer for a meeting",
        description:
          "going, maybe or declined, with 0-3 guests. When the meeting is full a going answer joins the waitlist; when someone cancels, the first waiting gets the place and an email. 409 for a meeting that is over.",
        response: RsvpResultSchema,
        responseDescription: "The answer and the waitlist position (null: a place).",
        errors: [404, 409],
      },
    })
    .input(RsvpInputSchema)
    .mutation(({ ctx, input }) => setRsvp(ctx, input)),

  rsvps: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Rsvps" },
      doc: {
        summary: "Who is coming",
        description:
          "Members see who answered (names); visitors get the same answers without names (`member` null): the counts.",
        response: z.array(RsvpSchema),
        responseDescription: "The answers, in the order they were given.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getRsvps(ctx, input)),

  myRsvp: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/MyRsvp" },
      doc: {
        summary: "Your answer for a meeting",
        description: "Your status (null until you answer), guests and place on the waitlist.",
        response: MyRsvpSchema,
        responseDescription: "Your answer.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getMyRsvp(ctx, input)),
} satisfies TRPCRouterRecord;
