import type { FastifyPluginAsync } from "fastify";
import { UpdateDrinkTypeInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { updateDrinkType } from "../service";

export const updateDrinkTypeRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Bottles/UpdateDrinkType", async (req) => {
    const ctx = await authedCtxOf(req);
    return updateDrinkType(ctx, parseInput(UpdateDrinkTypeInputSchema, req.body));
  });
};
