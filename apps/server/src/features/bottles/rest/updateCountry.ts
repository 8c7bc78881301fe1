import type { FastifyPluginAsync } from "fastify";
import { UpdateCountryInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { updateCountry } from "../service";

export const updateCountryRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Bottles/UpdateCountry", async (req) => {
    const ctx = await authedCtxOf(req);
    return updateCountry(ctx, parseInput(UpdateCountryInputSchema, req.body));
  });
};
