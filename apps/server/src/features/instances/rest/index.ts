import type { FastifyPluginAsync } from "fastify";

export const instancesRoutes: FastifyPluginAsync = async () => {};
