import type { FastifyPluginAsync } from "fastify";
import { cachedRead } from "../../../lib/httpCache";
import { publicCtxOf } from "../../../lib/rest";
import { getThemes } from "../service";

export const withLastDateRoute: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/MonthlyThemes/WithLastDate",
    cachedRead((req) => getThemes(publicCtxOf(req))),
  );
};
