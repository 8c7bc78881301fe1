import type { FastifyPluginAsync } from "fastify";
import { addBottleToMeetingRoute } from "./addBottleToMeeting";
import { getMonthlyMeetingRoute } from "./getMonthlyMeeting";
import { getMonthlyMeetingsWithNamesRoute } from "./getMonthlyMeetingsWithNames";
import { postMonthlyMeetingsWithNamesRoute } from "./postMonthlyMeetingsWithNames";

export const meetingsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(getMonthlyMeetingsWithNamesRoute);
  await app.register(postMonthlyMeetingsWithNamesRoute);
  await app.register(getMonthlyMeetingRoute);
  await app.register(addBottleToMeetingRoute);
};
