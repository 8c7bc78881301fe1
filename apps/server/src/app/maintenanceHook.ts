import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ServerMessages } from "@club/shared";
import { errorBody } from "../kernel/restErrors";
import { localize } from "../platform/i18n";
import { errorLanguageOf } from "../kernel/context";
import { MAINTENANCE_REASON, MAINTENANCE_RETRY_SECONDS } from "../platform/maintenance";
import { trpcErrorReply } from "./security";

/** Methods that only read: every other one may write. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * While deps.maintenance is on (platform/maintenance.ts), every request that may write is answered
 * 503 with Retry-After before anything runs: REST's error body, or tRPC's envelope (one per call of
 * a batch), both with the reason MAINTENANCE and the message the web app shows.
 */
export default fp(
  async (app) => {
    app.addHook("onRequest", (req: FastifyRequest, reply: FastifyReply, done) => {
      if (READS.has(req.method) || !req.server.deps.maintenance.active) return done();
      reply.header("retry-after", String(MAINTENANCE_RETRY_SECONDS));
      if (req.routeOptions.url === "/trpc/:path") {
        void trpcErrorReply(req, reply, 503, ServerMessages.restoring, MAINTENANCE_REASON);
        return;
      }
      void reply
        .code(503)
        .send(
          errorBody(
            503,
            localize(errorLanguageOf(req), ServerMessages.restoring),
            undefined,
            MAINTENANCE_REASON,
          ),
        );
    });
  },
  { name: "maintenance", dependencies: ["security"] },
);
