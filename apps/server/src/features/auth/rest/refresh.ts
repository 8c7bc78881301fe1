import type { FastifyPluginAsync } from "fastify";
import { RefreshInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { ctxOf } from "../../../lib/rest";
import { refresh } from "../service";

export const refreshRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Register/refresh", async (req) =>
    refresh(await ctxOf(req), parseInput(RefreshInputSchema, req.body)),
  );
};
