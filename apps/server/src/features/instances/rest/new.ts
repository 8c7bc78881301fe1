import type { FastifyPluginAsync } from "fastify";
import { NewInstanceInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { createInstance } from "../service";

/** POST /api/BottleInstances/new: 201 with the new BottleInstance. */
export const newInstanceRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/BottleInstances/new", async (req, reply) => {
    const ctx = await authedCtxOf(req);
    const instance = createInstance(ctx, parseInput(NewInstanceInputSchema, req.body));
    return reply.code(201).send(instance);
  });
};
