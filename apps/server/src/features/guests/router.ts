import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  GuestAddInputSchema,
  GuestCodeSchema,
  GuestJoinInputSchema,
  GuestJoinResultSchema,
  GuestRefSchema,
  GuestSchema,
  GuestScoreInputSchema,
  MeetingIdSchema,
  MyScoreSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { memberProcedure, publicProcedure } from "../../kernel/trpc";
import {
  addGuest,
  closeGuestCode,
  getGuestScores,
  getGuests,
  inviteGuest,
  joinAsGuest,
  openGuestCode,
  removeGuest,
  setGuestScore,
} from "./service";

/** Guests at the tasting table: the join code, joining, the host's list of guests. */
export const guestsRouter = {
  openCode: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/GuestCode", from: "none" },
      doc: {
        summary: "Invite guests to score",
        description:
          "A new join code (6 characters, no look-alikes) and the join page's URL (for a QR code), valid until the end of the meeting day in the club's time zone; a new code replaces the old. The host or an admin. 409 for a meeting that is over.",
        response: GuestCodeSchema,
        responseDescription: "The code.",
        errors: [403, 404, 409],
      },
    })
    .input(MeetingIdSchema)
    .mutation(({ ctx, input }) => openGuestCode(ctx, input)),

  closeCode: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/MonthlyMeetings/:id/GuestCode" },
      doc: {
        summary: "Close joining",
        description: "The code stops working; guests who joined keep their pass. The host or an admin.",
        response: OkSchema,
        responseDescription: "Closed.",
        errors: [403, 404],
      },
    })
    .input(MeetingIdSchema)
    .mutation(({ ctx, input }) => closeGuestCode(ctx, input)),

  join: publicProcedure
    .meta({
      guest: true,
      rest: { method: "POST", path: "/api/Guests/Join" },
      doc: {
        summary: "Join a meeting night as a guest",
        description:
          "`{code, firstName, guestOf?}` -> a guest pass (send it as `Authorization: Bearer <guestToken>`) for that one meeting: its night, flight, scores, results and live stream. 404 for an unknown or expired code (wrong codes count against the address's rate limit: 429 beyond), 409 when the meeting has 30 guests. Names: 1-40 characters, no control characters.",
        response: GuestJoinResultSchema,
        responseDescription: "The guest pass.",
        errors: [404, 409, 429],
      },
    })
    .input(GuestJoinInputSchema)
    .mutation(({ ctx, input }) => joinAsGuest(ctx, input)),

  list: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Guests" },
      doc: {
        summary: "Who joined as a guest",
        description:
          "First name, whose guest, when they joined and how many pours they scored. The host or an admin.",
        response: z.array(GuestSchema),
        responseDescription: "The guests, in the order they joined.",
        errors: [403, 404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getGuests(ctx, input)),

  remove: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/MonthlyMeetings/:id/Guests/:guestId" },
      doc: {
        summary: "Remove a guest",
        description: "Their scores go with them and their guest pass stops working. The host or an admin.",
        response: OkSchema,
        responseDescription: "Removed.",
        errors: [403, 404],
      },
    })
    .input(GuestRefSchema)
    .mutation(({ ctx, input }) => removeGuest(ctx, input)),

  invite: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Guests/:guestId/Invite", status: 201 },
      doc: {
        summary: "Invite a guest to become a member",
        description:
          "Once the night has come, the host (or an admin) sends a guest who left an address an invite by email: a link to the sign-up page with the address filled in (single use, 14 days), once. 409 for a guest who left no address, one invited already, an address that is a member's, or a night still to come.",
        response: OkSchema,
        responseDescription: "Sent.",
        errors: [403, 404, 409],
      },
    })
    .input(GuestRefSchema)
    .mutation(({ ctx, input }) => inviteGuest(ctx, input)),

  // A guest without a phone: the host adds them and types in their paper sheet.
  add: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Guests" },
      doc: {
        summary: "Add a guest without a phone",
        description:
          "`{firstName, guestOf?}`: a guest added by the host, without a code, whose paper sheet the host types in. Counts against the meeting's 30 guests (409 beyond). Names: 1-40 characters, no control characters. The host or an admin.",
        response: GuestSchema,
        responseDescription: "The guest.",
        errors: [403, 404, 409],
      },
    })
    .input(GuestAddInputSchema)
    .mutation(({ ctx, input }) => addGuest(ctx, input)),

  scores: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Guests/:guestId/Scores" },
      doc: {
        summary: "A guest's scores",
        description: "The guest's scores by pour, as their own MyScores shows them. The host or an admin.",
        response: z.array(MyScoreSchema),
        responseDescription: "The guest's scores, by pour.",
        errors: [403, 404],
      },
    })
    .input(GuestRefSchema)
    .query(({ ctx, input }) => getGuestScores(ctx, input)),

  setScore: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Guests/:guestId/Scores/:pour" },
      doc: {
        summary: "Type in a guest's score from their paper sheet",
        description:
          "The body of `PUT .../Scores/{pour}` (each part 0-25, note, tags, guess), saved as the guest's score of that pour. The same rules as a guest's own score: 409 once the host closed scoring. The host or an admin.",
        response: MyScoreSchema,
        responseDescription: "The guest's score as saved.",
        errors: [403, 404, 409],
      },
    })
    .input(GuestScoreInputSchema)
    .mutation(({ ctx, input }) => setGuestScore(ctx, input)),
} satisfies TRPCRouterRecord;
