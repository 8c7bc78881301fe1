import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { AuthUser, Ctx, Deps } from "../lib/deps";

export function createContextInner(deps: Deps, user: AuthUser | null = null): Ctx {
  return { ...deps, user };
}

export async function createContext({ req }: CreateFastifyContextOptions): Promise<Ctx> {
  const user = await req.server.deps.tokens.userFromAuthorization(req.headers.authorization);
  return createContextInner(req.server.deps, user);
}

export type Context = Awaited<ReturnType<typeof createContext>>;
