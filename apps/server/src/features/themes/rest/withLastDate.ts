import type { FastifyPluginAsync } from "fastify";
import { ctxOf } from "../../../lib/rest";
import { getThemes } from "../service";

export const withLastDateRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/MonthlyThemes/WithLastDate", async (req) => getThemes(await ctxOf(req)));
};
