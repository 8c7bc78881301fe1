import type { FastifyPluginAsync } from "fastify";
import { BottleIdSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { getBottle } from "../service";

export const getBottleRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/Bottles/:id",
    cachedRead((req) => getBottle(publicCtxOf(req), parseInput(BottleIdSchema, req.params))),
  );
};
