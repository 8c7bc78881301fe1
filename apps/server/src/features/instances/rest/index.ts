import type { FastifyPluginAsync } from "fastify";
import { finishInstanceRoute } from "./finish";
import { newInstanceRoute } from "./new";

export const instancesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(newInstanceRoute);
  await app.register(finishInstanceRoute);
};
