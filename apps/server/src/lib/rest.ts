import type { FastifyRequest } from "fastify";
import type { AuthedCtx, Ctx, Deps } from "./deps";
import { UnauthorizedError } from "./errors";

/** The same context a tRPC procedure gets, for a REST route. */
export async function ctxOf(req: FastifyRequest): Promise<Ctx> {
  const user = await req.server.deps.tokens.userFromAuthorization(req.headers.authorization);
  return { ...req.server.deps, user };
}

/**
 * The context of a public read: a visitor's. Reads do not depend on who asks, so the bearer
 * token (if any) is not verified for them; nothing in a read may look at ctx.user.
 */
export function publicCtxOf(req: FastifyRequest): Ctx {
  const deps = req.server.deps;
  let ctx = visitorCtx.get(deps);
  if (!ctx) {
    ctx = { ...deps, user: null };
    visitorCtx.set(deps, ctx);
  }
  return ctx;
}

/** One visitor context per app: it holds nothing request-specific. */
const visitorCtx = new WeakMap<Deps, Ctx>();

/** Like ctxOf, but a missing or invalid bearer token is a 401. */
export async function authedCtxOf(req: FastifyRequest): Promise<AuthedCtx> {
  const ctx = await ctxOf(req);
  if (!ctx.user) throw new UnauthorizedError();
  return { ...ctx, user: ctx.user };
}
