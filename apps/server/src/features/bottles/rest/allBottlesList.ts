import type { FastifyPluginAsync } from "fastify";
import { ctxOf } from "../../../lib/rest";
import { listAllBottles } from "../service";

export const allBottlesListRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/Bottles/AllBottlesList", async (req) => listAllBottles(await ctxOf(req)));
};
