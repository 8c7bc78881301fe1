import { useEffect, useRef } from "react";
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

/**
 * Forgets the account and the members list when someone else logs in or the member logs out, so
 * the next member never sees the last one's role or badge, not even for a moment.
 */
export function useForgetAccountOnSessionChange() {
  const email = useSession()?.email ?? null;
  const utils = trpc.useUtils();
  const previous = useRef(email);
  useEffect(() => {
    if (previous.current === email) return;
    previous.current = email;
    void utils.account.get.reset();
    void utils.members.list.reset();
  }, [email, utils]);
}
