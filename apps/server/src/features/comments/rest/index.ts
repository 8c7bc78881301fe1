import type { FastifyPluginAsync } from "fastify";
import { commentsByBottleRoute } from "./byBottle";
import { newCommentRoute } from "./newComment";

export const commentsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(commentsByBottleRoute);
  await app.register(newCommentRoute);
};
