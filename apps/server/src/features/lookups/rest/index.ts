import type { FastifyPluginAsync } from "fastify";

export const lookupsRoutes: FastifyPluginAsync = async () => {};
