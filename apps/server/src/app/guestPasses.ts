import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ServerMessages } from "@club/shared";
import { trpcEndpoint } from "./endpoints";
import { errorBody } from "../kernel/restErrors";
import { localize } from "../platform/i18n";
import { errorLanguageOf } from "../kernel/context";
import { LIVE_STREAM_PATH } from "./liveStreams";
import { trpcErrorReply } from "./security";
import { looksLikeGuestPass } from "../platform/tokens";

const TRPC_ROUTE = "/trpc/:path";

/** Whether every procedure the request calls is one a guest pass may call (meta.guest). */
function guestMayCall(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  if (route === LIVE_STREAM_PATH) return true;
  if (route === TRPC_ROUTE) {
    const path = (req.params as { path?: unknown }).path;
    return typeof path === "string" && path.split(",").every((name) => trpcEndpoint(name.trim())?.meta.guest);
  }
  return req.routeOptions.config.endpoint?.meta.guest === true;
}

/**
 * A guest pass opens its own meeting night and nothing else: a request that carries one
 * (its token's audience says so) to any endpoint whose procedure is not marked `guest` is refused
 * with 403 before anything runs: REST-only routes, public reads and cached reads included. Where a
 * guest may go, the procedure verifies the pass and its meeting (policy/viewer.ts `viewerAt`,
 * kernel/trpc.ts `tasterProcedure`); a member's token never looks like a guest pass.
 */
export default fp(
  async (app) => {
    app.addHook("onRequest", (req: FastifyRequest, reply: FastifyReply, done) => {
      if (!looksLikeGuestPass(req.headers.authorization) || guestMayCall(req)) return done();
      if (req.routeOptions.url === TRPC_ROUTE) {
        void trpcErrorReply(req, reply, 403, ServerMessages.guestPassOnly);
        return;
      }
      void reply.code(403).send(errorBody(403, localize(errorLanguageOf(req), ServerMessages.guestPassOnly)));
    });
  },
  { name: "guest-passes", dependencies: ["security"] },
);
