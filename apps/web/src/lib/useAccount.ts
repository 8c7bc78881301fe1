import { useSession } from "./appSession";
import { trpc } from "./trpc";

/** The logged-in member's account (role, status, name); not fetched for visitors. */
export function useAccount() {
  const session = useSession();
  return trpc.account.get.useQuery(undefined, { enabled: session !== null, staleTime: 60_000 });
}

/** The members list, fetched only for an admin (the Members screen and the nav's badge share it). */
export function useMembersList(isAdmin: boolean) {
  return trpc.members.list.useQuery(undefined, { enabled: isAdmin, staleTime: 30_000 });
}

// The account and the members list are forgotten when the viewer changes, with the rest of the
// cache: lib/queryClient.ts, resetOnViewerChange.
