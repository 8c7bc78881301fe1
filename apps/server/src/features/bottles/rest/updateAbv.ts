import type { FastifyPluginAsync } from "fastify";
import { UpdateAbvInputSchema } from "@club/shared";
import { authedCtxOf } from "../../../lib/rest";
import { updateAbv } from "../service";
import { parseAbvInput } from "./parse";

export const updateAbvRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Bottles/UpdateABV", async (req) => {
    const ctx = await authedCtxOf(req);
    return updateAbv(ctx, parseAbvInput(UpdateAbvInputSchema, req.body));
  });
};
