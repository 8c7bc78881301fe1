import type { FastifyPluginAsync } from "fastify";
import { UpdateBrandInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { updateBrand } from "../service";

export const updateBrandRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Bottles/UpdateBrand", async (req) => {
    const ctx = await authedCtxOf(req);
    return updateBrand(ctx, parseInput(UpdateBrandInputSchema, req.body));
  });
};
