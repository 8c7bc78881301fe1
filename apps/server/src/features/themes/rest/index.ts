import type { FastifyPluginAsync } from "fastify";
import { postMonthlyThemeRoute } from "./postMonthlyTheme";
import { withLastDateRoute } from "./withLastDate";

export const themesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(withLastDateRoute);
  await app.register(postMonthlyThemeRoute);
};
