import { initTRPC } from "@trpc/server";
import { ZodError, z } from "zod";
import type { Context } from "./context";
import { UnauthorizedError } from "../lib/errors";

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      data: {
        ...shape.data,
        stack: undefined,
        zodError: error.cause instanceof ZodError ? z.flattenError(error.cause) : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** Requires a valid bearer access token; narrows ctx.user to non-null. */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new UnauthorizedError();
  return next({ ctx: { ...ctx, user: ctx.user } });
});
