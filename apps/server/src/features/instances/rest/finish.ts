import type { FastifyPluginAsync } from "fastify";
import { InstanceIdSchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { finishInstance } from "../service";

/** PUT /api/BottleInstances/finish/{id}: no body; answers the finished BottleInstance. */
export const finishInstanceRoute: FastifyPluginAsync = async (app) => {
  // The spec's client sends no body, often still with Content-Type: application/json, which
  // Fastify's JSON parser rejects (FST_ERR_CTP_EMPTY_JSON_BODY). This route reads no body, so in
  // this plugin's scope every body is read (within bodyLimit) and ignored.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, _body, done) => done(null, undefined));
  app.put("/api/BottleInstances/finish/:id", async (req) => {
    const ctx = await authedCtxOf(req);
    return finishInstance(ctx, parseInput(InstanceIdSchema, req.params));
  });
};
