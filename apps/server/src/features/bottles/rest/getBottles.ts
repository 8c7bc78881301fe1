import type { FastifyPluginAsync } from "fastify";
import { ctxOf } from "../../../lib/rest";
import { listBottleChoices } from "../service";

/** GET /api/Bottles: {id, name} of every bottle, sorted by name. */
export const getBottlesRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/Bottles", async (req) => listBottleChoices(await ctxOf(req)));
};
