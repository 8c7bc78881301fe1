import type { FastifyPluginAsync } from "fastify";
import { AddBottleToMeetingInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { addBottleToMeeting } from "../service";

/** The spec's client sends this one without a token; ours sends it and the server requires it. */
export const addBottleToMeetingRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/MonthlyMeetings/AddBottleToMeeting", async (req) => {
    const ctx = await authedCtxOf(req);
    return addBottleToMeeting(ctx, parseInput(AddBottleToMeetingInputSchema, req.body));
  });
};
