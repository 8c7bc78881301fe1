import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  FlightCopyInputSchema,
  FlightCopyResultSchema,
  FlightInputSchema,
  FlightPourSchema,
  HidePourInputSchema,
  MeetingIdSchema,
  RevealInputSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { guestReadProcedure, memberProcedure } from "../../kernel/trpc";
import { copyFlight, getFlight, hide, reveal, setFlight } from "./flight";

/** The line-up: setting, copying and reading it, and a blind pour's reveal and hiding. */
export const flightRouter = {
  setFlight: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Flight" },
      doc: {
        summary: "Set the line-up",
        description:
          "The pours in order, each a library bottle and its pour size in ml (default 25). The host or an admin. A pour taken out takes its scores along (undo brings them back).",
        response: OkSchema,
        responseDescription: "Saved.",
        errors: [403, 404],
      },
    })
    .input(FlightInputSchema)
    .mutation(({ ctx, input }) => setFlight(ctx, input)),

  copyFlight: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Flight/Copy" },
      doc: {
        summary: "Copy the flight of a past meeting",
        description:
          '`{fromMeetingId, mode: "replace"|"append"}` (default append): the other meeting\'s pours (bottles, order, pour sizes) replace this flight or follow it (a bottle already in it is not added twice). Each change is its own activity entry, as with `PUT .../Flight`, and can be undone. The host or an admin. 409 for the same meeting, a meeting without pours, one with blind pours not revealed yet (unless the caller hosts it), or more than 30 pours.',
        response: FlightCopyResultSchema,
        responseDescription: "The flight's pours now, and how many were copied.",
        errors: [403, 404, 409],
      },
    })
    .input(FlightCopyInputSchema)
    .mutation(({ ctx, input }) => copyFlight(ctx, input)),

  flight: guestReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Flight" },
      doc: {
        summary: "The line-up",
        description:
          "Pour by pour. At a blind tasting a pour's `bottle` is null until the host reveals it (the host and admins see it). A guest pass may read its own meeting's (403 for another).",
        response: z.array(FlightPourSchema),
        responseDescription: "The pours in order.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getFlight(ctx, input)),

  reveal: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Reveal" },
      doc: {
        summary: "Reveal a blind pour, or all",
        description:
          "`{pour}` for one, `{}` for every pour not revealed yet. The host or an admin. Every open page hears of it at once. 409 when there is nothing left to reveal.",
        response: OkSchema,
        responseDescription: "Revealed.",
        errors: [403, 404, 409],
      },
    })
    .input(RevealInputSchema)
    .mutation(({ ctx, input }) => reveal(ctx, input)),

  hide: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Hide" },
      doc: {
        summary: "Hide a revealed blind pour again",
        description:
          '`{pour}`: a reveal taken back (tapped by mistake): the pour is "Dram N" again on every page, its bottle and others\' scores hidden until it is revealed again. The host or an admin. 409 when the pour is not revealed, or the night is not blind.',
        response: OkSchema,
        responseDescription: "Hidden; every open page hears of it.",
        errors: [403, 404, 409],
      },
    })
    .input(HidePourInputSchema)
    .mutation(({ ctx, input }) => hide(ctx, input)),
} satisfies TRPCRouterRecord;
