import { initTRPC } from "@trpc/server";
import { ZodError } from "zod";
import { refuseApiToken, refuseReadOnlyToken, requireMember, type RequestCtx } from "./context";
import { ServerMessages } from "@club/shared";
import {
  AppError,
  databaseRuleError,
  diskFullError,
  ForbiddenError,
  issuesOf,
  UnauthorizedError,
  toTRPCError,
  toValidationError,
} from "./errors";
import type { EndpointMeta } from "./meta";
import { localize } from "../platform/i18n";
import { refuseWithoutTwoFactors } from "./twoFactor";

const t = initTRPC
  .context<RequestCtx>()
  .meta<EndpointMeta>()
  .create({
    // The message in the request's language (kernel/context.ts, readerLanguage); the code, the
    // reason and the issues never change. A server-side caller's stays English.
    errorFormatter({ shape, error, ctx }) {
      const language = ctx?.readerLanguage?.();
      return {
        ...shape,
        message: language ? localize(language, shape.message) : shape.message,
        data: {
          ...shape.data,
          stack: undefined,
          // A service's 400 naming a field carries its ZodError too (REST puts it in error.issues).
          zodError:
            error.cause instanceof ZodError
              ? issuesOf(error.cause)
              : error.cause instanceof AppError && error.cause.cause instanceof ZodError
                ? issuesOf(error.cause.cause)
                : null,
          reason: error.cause instanceof AppError ? (error.cause.details.reason ?? null) : null,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** tRPC's side of the error mapping (kernel/errors.ts): services' AppErrors and input validation. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) throw toTRPCError(cause);
  const ruleBroken = databaseRuleError(cause);
  if (ruleBroken) throw toTRPCError(ruleBroken);
  const full = diskFullError(cause);
  if (full) throw toTRPCError(full);
  if (result.error.code === "BAD_REQUEST" && cause instanceof ZodError) throw toValidationError(cause);
  return result;
});

/** The turns of the event loop that the calls of batches wait for, one after another. */
let turnQueue: Promise<void> = Promise.resolve();

/**
 * A turn of the event loop of its own for a call, after the calls that asked before it, with the
 * server's other requests (its I/O) let in between. Procedures are synchronous (SQLite), and a
 * tRPC batch ran its calls one after the other in one turn: 10 searches at the word cap held
 * every other request for ~0.5 s. A turn costs a setImmediate.
 */
const nextTurn = (): Promise<void> =>
  (turnQueue = turnQueue.then(() => new Promise<void>((resolve) => setImmediate(resolve))));

/**
 * The second and later calls of a tRPC batch (up to MAX_BATCH_CALLS) each wait for a turn of the
 * event loop of their own, over tRPC's handler and the fast path alike (app/trpcFastPath.ts
 * passes the index); a lone call, REST's included, runs at once. The last middleware of each kind
 * of procedure below, after any it awaits (the caller's token): calls that waited for the same
 * promise would otherwise all go on in the same turn.
 */
const inTurn = async <R>({
  next,
  batchIndex,
}: {
  next: () => Promise<R>;
  batchIndex: number;
}): Promise<R> => {
  if (batchIndex > 0) await nextTurn();
  return next();
};

const base = t.procedure.use(mapErrors);

/** Anyone; the caller is not resolved unless the resolver asks ctx.auth(). */
export const publicProcedure = base.meta({ access: "public" }).use(inTurn);

/**
 * A public read whose answer depends only on its input and the database: the transports cache its
 * serialized answer (platform/readCache.ts). Its context has no caller at all, so reading one is a
 * compile error, and what it returns is shared by every visitor.
 */
export const cachedReadProcedure = base
  .meta({ access: "public", cache: "public" })
  .use(({ next }) => next({ ctx: { auth: undefined } }))
  .use(inTurn);

/**
 * A valid bearer access token of an active member is required; ctx.user is the member and
 * ctx.action the procedure (for the activity log). A mutation counts against the member's write
 * budget (platform/writeBudget.ts).
 */
export const memberProcedure = base
  .meta({ access: "member" })
  .use(async ({ ctx, next, path, type }) => {
    const { user } = await requireMember(ctx, path);
    if (type === "mutation") {
      refuseReadOnlyToken(user);
      ctx.writeBudget.spend(user.id);
    }
    return next({ ctx: { user, action: path } });
  })
  .use(inTurn);

/**
 * A public read of one meeting night that a guest pass may make too: the procedure asks
 * policy/viewer.ts `viewerAt`, which refuses a guest pass of another meeting (403).
 */
export const guestReadProcedure = publicProcedure.meta({ guest: true });

/**
 * A taster at a meeting night: a member, or a guest with a guest pass. ctx.taster says
 * which; a guest's calls are scoped to their meeting by the service (403 elsewhere). A mutation
 * counts against the member's (or the guest's) write budget.
 */
export const tasterProcedure = base
  .meta({ access: "member", guest: true })
  .use(async ({ ctx, next, path, type }) => {
    const user = await ctx.auth();
    if (user) {
      if (type === "mutation") {
        refuseReadOnlyToken(user);
        ctx.writeBudget.spend(user.id);
      }
      return next({ ctx: { user, action: path, taster: { kind: "member" as const, user } } });
    }
    const guest = await ctx.guest();
    if (!guest) throw new UnauthorizedError();
    // Guests' budgets are kept beside members' under negative keys.
    if (type === "mutation") ctx.writeBudget.spend(-guest.id);
    return next({ ctx: { user: null, action: path, taster: { kind: "guest" as const, guest } } });
  })
  .use(inTurn);

/** memberProcedure for admins only: 403 for other members. */
export const adminProcedure = memberProcedure.meta({ access: "admin" }).use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw new ForbiddenError(ServerMessages.adminOnly);
  refuseWithoutTwoFactors(ctx.db, ctx.user);
  return next();
});

/** memberProcedure for the treasurer and admins. */
export const treasurerProcedure = memberProcedure.meta({ access: "treasurer" }).use(({ ctx, next }) => {
  if (ctx.user.role !== "admin" && ctx.user.role !== "treasurer")
    throw new ForbiddenError(ServerMessages.treasurerOnly);
  refuseWithoutTwoFactors(ctx.db, ctx.user);
  return next();
});

/**
 * memberProcedure for what only a login may do: the member's API tokens, password and sessions.
 * An API token gets 403, so a leaked one cannot make itself a stronger one or lock its member out.
 */
export const loginProcedure = memberProcedure.use(({ ctx, next }) => {
  refuseApiToken(ctx.user);
  return next();
});

/** adminProcedure for what only an admin's login may do (members' API tokens). */
export const adminLoginProcedure = adminProcedure.use(({ ctx, next }) => {
  refuseApiToken(ctx.user);
  return next();
});
