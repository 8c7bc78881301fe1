import type { FastifyPluginAsync } from "fastify";
import { NewMeetingInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { createMeeting } from "../service";

export const postMonthlyMeetingsWithNamesRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", async (req, reply) => {
    const ctx = await authedCtxOf(req);
    const created = createMeeting(ctx, parseInput(NewMeetingInputSchema, req.body));
    return reply.code(201).send(created);
  });
};
