import type { FastifyPluginAsync } from "fastify";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { listAllBottles } from "../service";

export const allBottlesListRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/Bottles/AllBottlesList",
    cachedRead((req) => listAllBottles(publicCtxOf(req))),
  );
};
