import { createTRPCReact, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/react-query";
import type { AppRouter } from "@club/api";
import { TRPC_BATCH_MAX_CALLS } from "@club/shared";
import { refreshLink } from "./refreshLink";
import type { Session } from "./session";
import { withBase } from "./basePath";

/** End-to-end typed hooks for the server's tRPC router (mounted at /trpc). */
export const trpc = createTRPCReact<AppRouter>();

/**
 * The client: refresh-and-retry on 401, then batched HTTP with the bearer token read at send time.
 * Subscriptions (a meeting's live events, public) go over server-sent events: the browser's
 * EventSource reconnects by itself, and the server's first event on each connection makes the
 * screen refetch whatever it may have missed meanwhile.
 */
export function createTrpcClient(session: Pick<Session, "accessToken" | "refresh">) {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        // An EventSource cannot send headers: a member's token goes as tRPC's connectionParams,
        // so the server counts the member's streams against the member (its per-member cap).
        true: httpSubscriptionLink({
          url: withBase("/trpc"),
          connectionParams() {
            const token = session.accessToken();
            return token ? { token } : null;
          },
        }),
        false: [
          refreshLink<AppRouter>(session),
          httpBatchLink({
            url: withBase("/trpc"),
            // A refresh of every screen's reads at once (an undo) would batch more than the
            // server takes: split into batches it accepts.
            maxItems: TRPC_BATCH_MAX_CALLS,
            headers() {
              const token = session.accessToken();
              return token ? { Authorization: `Bearer ${token}` } : {};
            },
          }),
        ],
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
