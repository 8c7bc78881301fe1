import type { FastifyPluginAsync } from "fastify";
import { ConfirmEmailInputSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { ctxOf } from "../../../lib/rest";
import { confirmEmail } from "../service";

export const confirmEmailRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/Register/confirmemail", async (req) =>
    confirmEmail(await ctxOf(req), parseInput(ConfirmEmailInputSchema, req.query)),
  );
};
