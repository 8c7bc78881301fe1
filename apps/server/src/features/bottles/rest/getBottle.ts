import type { FastifyPluginAsync } from "fastify";
import { BottleIdSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { ctxOf } from "../../../lib/rest";
import { getBottle } from "../service";

export const getBottleRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/Bottles/:id", async (req) =>
    getBottle(await ctxOf(req), parseInput(BottleIdSchema, req.params)),
  );
};
