import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { refuseWithoutTwoFactors } from "./twoFactor";
import type { z, ZodObject } from "zod";
import { ServerMessages } from "@club/shared";
import {
  refuseReadOnlyToken,
  requestCtx,
  requestCtxOf,
  requireMember,
  type AuthedCtx,
  type RequestCtx,
} from "./context";
import type { NamedAction } from "./actions";
import { ForbiddenError, parseInput } from "./errors";
import type { Access, ApiRoute } from "./meta";

/**
 * A route that is REST by nature (multipart bodies, binary answers): an explicit Fastify route,
 * documented by the ApiRoute beside it. Made by restOnlyRoute(), never by hand.
 */
export interface RestOnlyRoute {
  doc: ApiRoute;
  plugin: FastifyPluginAsync;
}

/** What a REST-only route states: its document (path and method once) and who may call it. */
type RouteDoc = Omit<ApiRoute, "auth" | "access">;

/** What the handler gets: the request's context (the caller checked), and the validated path. */
export interface RestOnlyCall<A extends Access, D extends RouteDoc, S = undefined> {
  req: FastifyRequest;
  reply: FastifyReply;
  ctx: A extends "public" ? RequestCtx : AuthedCtx;
  params: D["params"] extends ZodObject ? z.output<D["params"]> : undefined;
  /** What `setup` returned for this app (per app: a test process builds many). */
  state: S;
}

export interface RestOnlySpec<A extends Access, D extends RouteDoc, S> {
  doc: D;
  /** Who may call it: 401 without a valid token unless public, 403 for a role below it. */
  access: A;
  /** The activity log's action of a write (its entry names it); reads need none. */
  action?: NamedAction;
  /**
   * Route-scoped setup before the route (a multipart parser, a content-type parser); what it
   * returns is the handler's `state`.
   */
  setup?: (app: FastifyInstance) => Promise<S> | S;
  handler: (call: RestOnlyCall<A, D, S>) => unknown;
}

/**
 * Registers a REST-only route from its declaration: the method and path of `doc`, the caller check
 * of `access` (the same AppErrors as memberProcedure and adminProcedure), the path parameters
 * validated by `doc.params` (before the caller, as a procedure's input is); the OpenAPI document
 * takes `doc` with `auth` and `access` derived from `access`. The path and who may call it are
 * stated once.
 */
export function restOnlyRoute<A extends Access, D extends RouteDoc, S = undefined>(
  spec: RestOnlySpec<A, D, S>,
): RestOnlyRoute {
  const { doc, access } = spec;
  return {
    doc: {
      ...doc,
      ...(access === "public" ? {} : { auth: true }),
      ...(access === "admin" || access === "treasurer" ? { access } : {}),
    },
    plugin: async (app) => {
      const state = (await spec.setup?.(app)) as S;
      app.route({
        method: doc.method,
        url: doc.path,
        handler: async (req, reply) => {
          const params = doc.params ? parseInput(doc.params, req.params) : undefined;
          const base = requestCtxOf(req, () =>
            requestCtx(req.server.deps, req.headers.authorization, req.id, null, null, req.headers),
          );
          const ctx =
            access === "public"
              ? base
              : await caller(base, access, spec.action ?? doc.operationId, doc.method);
          return spec.handler({ req, reply, ctx, params, state } as RestOnlyCall<A, D, S>);
        },
      });
    },
  };
}

async function caller(
  ctx: RequestCtx,
  access: Access,
  action: string,
  method: ApiRoute["method"],
): Promise<AuthedCtx> {
  const authed = await requireMember(ctx, action);
  if (method !== "GET") refuseReadOnlyToken(authed.user);
  const role = authed.user.role;
  if (access === "admin" && role !== "admin") throw new ForbiddenError(ServerMessages.adminOnly);
  if (access === "treasurer" && role !== "admin" && role !== "treasurer")
    throw new ForbiddenError(ServerMessages.treasurerOnly);
  if (access === "admin" || access === "treasurer") refuseWithoutTwoFactors(ctx.db, authed.user);
  return authed;
}
