import type { FastifyPluginAsync } from "fastify";

export const bottlesRoutes: FastifyPluginAsync = async () => {};
