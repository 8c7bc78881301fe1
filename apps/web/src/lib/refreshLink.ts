import type { TRPCClientError, TRPCLink } from "@trpc/client";
import type { AnyRouter } from "@trpc/server";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import type { Session } from "./session";

export function isUnauthorized(error: unknown): boolean {
  const data = (error as TRPCClientError<AnyRouter> | null)?.data as
    { httpStatus?: number; code?: string } | undefined;
  return data?.httpStatus === 401 || data?.code === "UNAUTHORIZED";
}

type RefreshSession = Pick<Session, "accessToken" | "refresh">;

/**
 * docs/product.md (The session): a 401 answer triggers exactly one token refresh and one retry of that request.
 * The refresh is the session's single-flight refresh, so concurrent 401s share one refresh call.
 * If another request already stored a newer access token, the retry goes out without refreshing.
 * If refreshing fails, the original error passes on (the session clears itself).
 * The terminating link must read the token at send time (httpBatchLink headers()).
 * Every /trpc procedure is a content call: login and the token calls go over REST (lib/authApi.ts).
 */
export function refreshLink<TRouter extends AnyRouter>(session: RefreshSession): TRPCLink<TRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let subscription: Unsubscribable | null = null;
        let closed = false;

        const attempt = (isRetry: boolean) => {
          const tokenUsed = session.accessToken();
          subscription = next(op).subscribe({
            next: (value) => observer.next(value),
            complete: () => observer.complete(),
            error: (error) => {
              if (isRetry || closed || !isUnauthorized(error)) {
                observer.error(error);
                return;
              }
              const current = session.accessToken();
              const ready = current && current !== tokenUsed ? Promise.resolve(true) : session.refresh();
              ready.then(
                (ok) => {
                  if (closed) return;
                  if (ok) attempt(true);
                  else observer.error(error);
                },
                () => {
                  if (!closed) observer.error(error);
                },
              );
            },
          });
        };

        attempt(false);
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      });
}
