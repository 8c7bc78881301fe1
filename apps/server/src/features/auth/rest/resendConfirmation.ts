import type { FastifyPluginAsync } from "fastify";
import { ResendConfirmationInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { ctxOf } from "../../../lib/rest";
import { resendConfirmation } from "../service";

/** Not in the spec's table: a new confirmation email for an unconfirmed member. */
export const resendConfirmationRoute: FastifyPluginAsync = async (app) => {
  app.post("/api/Register/resendConfirmation", async (req) =>
    resendConfirmation(await ctxOf(req), parseInput(ResendConfirmationInputSchema, req.body)),
  );
};
