import type { FastifyPluginAsync } from "fastify";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { getDrinkTypes } from "../service";

export const getDrinkTypesRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/DrinkTypes",
    cachedRead((req) => getDrinkTypes(publicCtxOf(req))),
  );
};
