import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  BottleIdSchema,
  BottlePourSchema,
  ClubScoreSchema,
  MeetingIdSchema,
  PourResultSchema,
} from "@club/shared";
import { cachedReadProcedure, guestReadProcedure } from "../../kernel/trpc";
import { getBottlePours, getClubScores, getResults } from "./results";

/** Results: a night's, and the club scores and pours of a bottle that come from them. */
export const resultsRouter = {
  results: guestReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Results" },
      doc: {
        summary: "The night's results",
        description:
          "Per pour, once its results show (`shown`: a blind pour's after its reveal, an open night's after the host closes scoring unless the host chose live results; before that every figure is null, for every reader): average, median, min and max total, how many scored, each part's average, rank (once every pour's results show), and for a revealed blind pour who guessed closest and each taster's total, guests marked `guest: true` with their first name only (members only: null for visitors and guests); the room's palate: `trimmedAverage` (the highest and lowest total left out from 5 scores on), `tags` as counts, `consensus` (the tags more than half of the tasters gave) and `notes` (`by` a member's full name or a guest's first name; members only: empty for visitors and guests). A blind pour's bottle is null until revealed. A guest pass may read its own meeting's (403 for another).",
        response: z.array(PourResultSchema),
        responseDescription: "Per pour, in the flight's order.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getResults(ctx, input)),

  bottlePours: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/:id/PouredAt" },
      doc: {
        summary: "Where a bottle was poured",
        description: "The meetings it was poured at, with the club's average score each time, newest first.",
        response: z.array(BottlePourSchema),
        responseDescription: "The pours.",
      },
    })
    .input(BottleIdSchema)
    .query(({ ctx, input }) => getBottlePours(ctx, input)),

  clubScores: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/ClubScores" },
      doc: {
        summary: "Every scored bottle's club score",
        description: "The average total of its pours' scores (blind pours once revealed).",
        response: z.array(ClubScoreSchema),
        responseDescription: "The scores.",
      },
    })
    .query(({ ctx }) => getClubScores(ctx)),
} satisfies TRPCRouterRecord;
