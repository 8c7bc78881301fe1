import type { FastifyPluginAsync } from "fastify";
import { ctxOf } from "../../../lib/rest";
import { getMeetings } from "../service";

export const getMonthlyMeetingsWithNamesRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/MonthlyMeetings/GetMonthlyMeetingsWithNames", async (req) => getMeetings(await ctxOf(req)));
};
