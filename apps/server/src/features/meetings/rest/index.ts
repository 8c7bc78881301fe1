import type { FastifyPluginAsync } from "fastify";

export const meetingsRoutes: FastifyPluginAsync = async () => {};
