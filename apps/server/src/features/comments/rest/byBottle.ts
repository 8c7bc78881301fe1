import type { FastifyPluginAsync } from "fastify";
import { CommentsByBottleSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { commentsByBottle } from "../service";

/** GET /api/BottleComments/bottle/{bottleId}: oldest first; [] when none; 404 for an unknown bottle. */
export const commentsByBottleRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/BottleComments/bottle/:bottleId",
    cachedRead((req) => commentsByBottle(publicCtxOf(req), parseInput(CommentsByBottleSchema, req.params))),
  );
};
