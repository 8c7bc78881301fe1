import type { FastifyPluginAsync } from "fastify";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { getMeetings } from "../service";

export const getMonthlyMeetingsWithNamesRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    cachedRead((req) => getMeetings(publicCtxOf(req))),
  );
};
