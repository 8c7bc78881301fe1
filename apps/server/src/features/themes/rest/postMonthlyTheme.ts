import type { FastifyPluginAsync } from "fastify";
import { NewThemeInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { createTheme } from "../service";

/** POST /api/MonthlyThemes with {id: 0, description}; the id is ignored. */
export const postMonthlyThemeRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/MonthlyThemes", async (req, reply) => {
    const ctx = await authedCtxOf(req);
    const created = createTheme(ctx, parseInput(NewThemeInputSchema, req.body));
    return reply.code(201).send(created);
  });
};
