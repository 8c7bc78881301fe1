import type { FastifyPluginAsync } from "fastify";
import { RefreshInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { ctxOf } from "../../../lib/rest";
import { logout } from "../service";

/** Not in the spec's table: revokes the refresh token's family server-side. */
export const logoutRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Register/logout", async (req) =>
    logout(await ctxOf(req), parseInput(RefreshInputSchema, req.body)),
  );
};
