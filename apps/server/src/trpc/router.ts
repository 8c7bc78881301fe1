import { authRouter } from "../features/auth/trpc";
import { bottlesRouter } from "../features/bottles/trpc";
import { commentsRouter } from "../features/comments/trpc";
import { instancesRouter } from "../features/instances/trpc";
import { lookupsRouter } from "../features/lookups/trpc";
import { meetingsRouter } from "../features/meetings/trpc";
import { themesRouter } from "../features/themes/trpc";
import type { AuthUser, Deps } from "../lib/deps";
import { createContextInner } from "./context";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  meetings: meetingsRouter,
  themes: themesRouter,
  bottles: bottlesRouter,
  instances: instancesRouter,
  comments: commentsRouter,
  lookups: lookupsRouter,
});

export type AppRouter = typeof appRouter;

/** A server-side caller, used by tests: createCaller(deps, user). */
export const createCaller = (deps: Deps, user: AuthUser | null = null) =>
  createCallerFactory(appRouter)(createContextInner(deps, user));
