import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./features/auth/rest";
import { bottlesRoutes } from "./features/bottles/rest";
import { commentsRoutes } from "./features/comments/rest";
import { instancesRoutes } from "./features/instances/rest";
import { lookupsRoutes } from "./features/lookups/rest";
import { meetingsRoutes } from "./features/meetings/rest";
import { themesRoutes } from "./features/themes/rest";

/** The spec's REST paths (SPEC.md section 7), registered explicitly. */
export const restRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(meetingsRoutes);
  await app.register(themesRoutes);
  await app.register(bottlesRoutes);
  await app.register(instancesRoutes);
  await app.register(commentsRoutes);
  await app.register(lookupsRoutes);
};
