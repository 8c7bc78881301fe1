import { MutationCache, QueryClient } from "@tanstack/react-query";
import { httpStatusOf } from "./errors";

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
