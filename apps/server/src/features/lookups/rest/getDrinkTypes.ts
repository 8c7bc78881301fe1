import type { FastifyPluginAsync } from "fastify";
import { ctxOf } from "../../../lib/rest";
import { getDrinkTypes } from "../service";

export const getDrinkTypesRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/DrinkTypes", async (req) => getDrinkTypes(await ctxOf(req)));
};
