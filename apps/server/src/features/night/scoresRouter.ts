import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  MeetingIdSchema,
  MyScoreSchema,
  ScoreInputSchema,
  TasteProfileSchema,
  TastingSchema,
} from "@club/shared";
import { memberProcedure, tasterProcedure } from "../../kernel/trpc";
import { getMyScores, getTastings, setScore } from "./scores";
import { getTasteProfile } from "./taste";

/** Scores: a taster's score of a pour, their scores of a night, and a member's journal and taste. */
export const scoresRouter = {
  score: tasterProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Scores/:pour" },
      doc: {
        summary: "Score a pour",
        description:
          "Nose, palate, finish and balance (0-25 each), a note, flavour tags and, at a blind tasting, a guess of the ABV, type and region. Saving again replaces the taster's score. 409 once the host closed scoring. A member, or a guest with a guest pass of this meeting (403 for another).",
        response: MyScoreSchema,
        responseDescription: "The score as saved.",
        errors: [403, 404, 409],
      },
    })
    .input(ScoreInputSchema)
    .mutation(({ ctx, input }) => setScore(ctx, input)),

  myScores: tasterProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/MyScores" },
      doc: {
        summary: "Your scores of a meeting",
        description: "A member's, or a guest's with a guest pass of this meeting (403 for another).",
        response: z.array(MyScoreSchema),
        responseDescription: "By pour.",
        errors: [403, 404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getMyScores(ctx, input)),

  tastings: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Me/Tastings" },
      doc: {
        summary: "Your tasting journal",
        description: "Every pour you scored, with your notes, newest first.",
        response: z.array(TastingSchema),
        responseDescription: "Your tastings.",
      },
    })
    .query(({ ctx }) => getTastings(ctx)),

  tasteProfile: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Me/TasteProfile" },
      doc: {
        summary: "Your taste",
        description:
          "From your scores on pours whose results show: your average by drink type and by country (best first) beside the room's on the same pours, your most given flavour tags, your best scored bottles, and your average against the room's.",
        response: TasteProfileSchema,
        responseDescription: "Your taste profile.",
      },
    })
    .query(({ ctx }) => getTasteProfile(ctx)),
} satisfies TRPCRouterRecord;
