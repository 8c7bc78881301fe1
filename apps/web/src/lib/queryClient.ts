import { MutationCache, QueryClient } from "@tanstack/react-query";
import { httpStatusOf } from "./errors";
import type { Session, SessionSnapshot } from "./session";

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Which cached reads a write makes stale: one policy for every write (lib/cachePolicy.ts),
    // loaded with the first write rather than with the first screen (its 150 KB budget). The write
    // settles once what it made stale has been refetched, as a screen's own invalidate did.
    mutationCache: new MutationCache({
      onSettled: (_data, error, _variables, _context, mutation) =>
        error
          ? undefined
          : import("./cachePolicy").then((policy) =>
              policy.refreshAfter(client, policy.writeOf(mutation.options.mutationKey)),
            ),
    }),
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; network trouble and 5xx get one more try.
        retry: (failureCount, error) => {
          const status = httpStatusOf(error);
          return status !== undefined && status < 500 ? false : failureCount < 1;
        },
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
  return client;
}

/** Whom the cached reads were asked as: null for a visitor, else the signed-in member's email. */
const viewerOf = (snapshot: SessionSnapshot | null) => (snapshot === null ? null : (snapshot.email ?? ""));

/**
 * Every cached read belongs to the viewer it was asked as: a member's answers name members and
 * say what they may do, a visitor's do not. When the viewer changes (a login, a logout, an expired
 * session, another member signed in from another tab) the cache is reset: the screen on view asks
 * again as the new viewer, and no other screen shows the last viewer's data. A token refresh is
 * the same viewer and keeps the cache. Returns the unsubscribe.
 */
export function resetOnViewerChange(
  queryClient: QueryClient,
  session: Pick<Session, "getSnapshot" | "subscribe">,
): () => void {
  let viewer = viewerOf(session.getSnapshot());
  return session.subscribe(() => {
    const now = viewerOf(session.getSnapshot());
    if (now === viewer) return;
    viewer = now;
    void queryClient.resetQueries();
  });
}
