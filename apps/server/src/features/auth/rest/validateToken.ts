import type { FastifyPluginAsync } from "fastify";
import { authedCtxOf } from "../../../lib/rest";
import { validateToken } from "../service";

export const validateTokenRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Register/validateToken", async (req) => validateToken(await authedCtxOf(req)));
};
