import { QueryClient } from "@tanstack/react-query";
import { freshnessCache } from "./cachePolicy";
import { httpStatusOf } from "./errors";

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Which cached reads a write makes stale: one policy for every write (lib/cachePolicy.ts).
    mutationCache: freshnessCache(() => client),
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
