import type { TRPCRouterRecord } from "@trpc/server";
import { StatsSchema } from "@club/shared";
import { cachedReadProcedure } from "../../kernel/trpc";
import { getStats } from "./service";

export const statsRouter = {
  get: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Stats" },
      doc: {
        summary: "The club in figures",
        description:
          "What the Stats screen draws, each an SQL aggregate: spend per month and per year (dollars), bottles by type, country and region, the club's average score (0-100) by type and region, the most poured bottles, the best value (club score against cost per 25 ml pour) and each active member's activity (first name and last initial). Scores and pours count only what is visible: an unrevealed blind pour moves no figure.",
        response: StatsSchema,
        responseDescription: "The figures.",
      },
    })
    .query(({ ctx }) => getStats(ctx)),
} satisfies TRPCRouterRecord;
