import type { FastifyPluginAsync } from "fastify";
import { NewCommentInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { createComment } from "../service";

/** POST /api/BottleComments: 201 with the new Comment. */
export const newCommentRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/BottleComments", async (req, reply) => {
    const ctx = await authedCtxOf(req);
    const comment = createComment(ctx, parseInput(NewCommentInputSchema, req.body));
    return reply.code(201).send(comment);
  });
};
