import type { FastifyPluginAsync } from "fastify";
import { ctxOf } from "../../../lib/rest";
import { getBrands } from "../service";

export const getBrandsRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/Brands", async (req) => getBrands(await ctxOf(req)));
};
