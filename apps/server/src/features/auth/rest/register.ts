import type { FastifyPluginAsync } from "fastify";
import { RegisterInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { ctxOf } from "../../../lib/rest";
import { register } from "../service";

export const registerRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Register/register", async (req, reply) => {
    const result = await register(await ctxOf(req), parseInput(RegisterInputSchema, req.body));
    return reply.code(201).send(result);
  });
};
