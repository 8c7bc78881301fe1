import type { FastifyPluginAsync } from "fastify";
import { NewBottleInputSchema } from "@club/shared";
import { authedCtxOf } from "../../../lib/rest";
import { createBottle } from "../service";
import { parseAbvInput } from "./parse";

/** POST /api/Bottles/NewBottle: 201 {id}. */
export const newBottleRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Bottles/NewBottle", async (req, reply) => {
    const ctx = await authedCtxOf(req);
    const created = createBottle(ctx, parseAbvInput(NewBottleInputSchema, req.body));
    return reply.code(201).send(created);
  });
};
