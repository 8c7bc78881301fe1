import type { FastifyPluginAsync } from "fastify";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { listBottleChoices } from "../service";

/** GET /api/Bottles: {id, name} of every bottle, sorted by name. */
export const getBottlesRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/Bottles",
    cachedRead((req) => listBottleChoices(publicCtxOf(req))),
  );
};
