import type { TRPCRouterRecord } from "@trpc/server";
import { MeetingIdSchema, PhaseInputSchema } from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { guestReadProcedure, memberProcedure } from "../../kernel/trpc";
import { nightEvents } from "./events";
import { setPhase } from "./phase";

/** The room's rhythm: the host's pour and phase, and the live stream every phone follows. */
export const phaseRouter = {
  phase: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Phase" },
      doc: {
        summary: "Set the room's pour and phase",
        description:
          "`{pour, phase, seconds?}`: the current pour and its phase (pour, nose, palate, finish, score, or null), with an optional timer. `pour: null` turns phases off. The host or an admin. The night read and the live stream carry `{pour, phase, endsAt}`.",
        response: OkSchema,
        responseDescription: "Set; every open page hears of it.",
        errors: [403, 404],
      },
    })
    .input(PhaseInputSchema)
    .mutation(({ ctx, input }) => setPhase(ctx, input)),

  /**
   * The live stream of a meeting (server-sent events): what changed, not the data. Over HTTP it is
   * served by app/liveStreams.ts (caps per address, per member and in all; a 404 before the
   * stream for an unknown meeting); this declaration gives the web app its type and serves
   * in-process callers.
   */
  events: guestReadProcedure
    .input(MeetingIdSchema)
    .subscription(({ ctx, input, signal }) => nightEvents(ctx, input.id, signal)),
} satisfies TRPCRouterRecord;
