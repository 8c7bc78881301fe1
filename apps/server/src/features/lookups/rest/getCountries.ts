import type { FastifyPluginAsync } from "fastify";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { getCountries } from "../service";

export const getCountriesRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/Countries",
    cachedRead((req) => getCountries(publicCtxOf(req))),
  );
};
