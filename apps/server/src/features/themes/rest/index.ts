import type { FastifyPluginAsync } from "fastify";

export const themesRoutes: FastifyPluginAsync = async () => {};
