import type { FastifyRequest } from "fastify";
import type { AuthedCtx, Ctx } from "./deps";
import { UnauthorizedError } from "./errors";

/** The same context a tRPC procedure gets, for a REST route. */
export async function ctxOf(req: FastifyRequest): Promise<Ctx> {
  const user = await req.server.deps.tokens.userFromAuthorization(req.headers.authorization);
  return { ...req.server.deps, user };
}

/** Like ctxOf, but a missing or invalid bearer token is a 401. */
export async function authedCtxOf(req: FastifyRequest): Promise<AuthedCtx> {
  const ctx = await ctxOf(req);
  if (!ctx.user) throw new UnauthorizedError();
  return { ...ctx, user: ctx.user };
}
