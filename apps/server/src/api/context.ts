import "fastify";
import type { Db } from "@club/db";
import type { Config } from "../config";
import type { ImageStore } from "../platform/images";
import type { Mailer } from "../platform/mailer";
import type { ReadCache } from "../platform/readCache";
import type { TokenService } from "../platform/tokens";
import { UnauthorizedError } from "./errors";

/** Everything a service function needs besides the caller; built once per app. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  images: ImageStore;
  tokens: TokenService;
  /** Serialized answers of the cached public reads, until the database changes. */
  reads: ReadCache;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface AuthUser {
  id: number;
  email: string;
}

/**
 * The context every procedure starts from: the app's dependencies and a way to learn who is
 * asking. Nothing resolves the caller until a procedure asks (memberProcedure does), so a public
 * read never verifies a token.
 */
export interface RequestCtx extends Deps {
  /** The caller, from the bearer token; null for a visitor. Memoised per request. */
  auth: () => Promise<AuthUser | null>;
}

/** What a public read's service sees: no caller at all. */
export type PublicCtx = Deps;

/** A service that may look at the caller (optional). */
export interface Ctx extends Deps {
  user: AuthUser | null;
}

/** A member's request: the caller is known. */
export interface AuthedCtx extends Deps {
  user: AuthUser;
}

const once = <T>(compute: () => Promise<T>): (() => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
};

/** The context of an HTTP request (tRPC or REST), from its Authorization header. */
export function requestCtx(deps: Deps, authorization: string | undefined): RequestCtx {
  return { ...deps, auth: once(() => deps.tokens.userFromAuthorization(authorization)) };
}

/** A context whose caller is already known (server-side callers, tests). */
export function callerCtx(deps: Deps, user: AuthUser | null): RequestCtx {
  return { ...deps, auth: () => Promise.resolve(user) };
}

/** The member behind a request, or an UNAUTHORIZED AppError (memberProcedure and REST-only routes). */
export async function requireMember(ctx: RequestCtx): Promise<AuthedCtx> {
  const user = await ctx.auth();
  if (!user) throw new UnauthorizedError();
  return { ...ctx, user };
}
