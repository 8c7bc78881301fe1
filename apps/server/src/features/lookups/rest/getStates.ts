import type { FastifyPluginAsync } from "fastify";
import { ctxOf } from "../../../lib/rest";
import { getStates } from "../service";

export const getStatesRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/States", async (req) => getStates(await ctxOf(req)));
};
