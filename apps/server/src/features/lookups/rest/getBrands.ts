import type { FastifyPluginAsync } from "fastify";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { getBrands } from "../service";

export const getBrandsRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/Brands",
    cachedRead((req) => getBrands(publicCtxOf(req))),
  );
};
