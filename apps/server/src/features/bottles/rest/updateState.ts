import type { FastifyPluginAsync } from "fastify";
import { UpdateStateInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { updateState } from "../service";

export const updateStateRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Bottles/UpdateState", async (req) => {
    const ctx = await authedCtxOf(req);
    return updateState(ctx, parseInput(UpdateStateInputSchema, req.body));
  });
};
