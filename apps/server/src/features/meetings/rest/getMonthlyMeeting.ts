import type { FastifyPluginAsync } from "fastify";
import { MeetingIdSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { getMeeting } from "../service";

/** GET /api/MonthlyMeetings/{id}; the router prefers the static named routes over this one. */
export const getMonthlyMeetingRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/MonthlyMeetings/:id",
    cachedRead((req) => getMeeting(publicCtxOf(req), parseInput(MeetingIdSchema, req.params))),
  );
};
