import type { FastifyPluginAsync } from "fastify";
import { ctxOf } from "../../../lib/rest";
import { getCountries } from "../service";

export const getCountriesRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/Countries", async (req) => getCountries(await ctxOf(req)));
};
