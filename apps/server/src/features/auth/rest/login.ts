import type { FastifyPluginAsync } from "fastify";
import { LoginInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { ctxOf } from "../../../lib/rest";
import { login } from "../service";

export const loginRoute: FastifyPluginAsync = async (app) => {
  app.post("/login", async (req) => login(await ctxOf(req), parseInput(LoginInputSchema, req.body)));
};
