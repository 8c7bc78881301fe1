import type { FastifyPluginAsync } from "fastify";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { getStates } from "../service";

export const getStatesRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/States",
    cachedRead((req) => getStates(publicCtxOf(req))),
  );
};
