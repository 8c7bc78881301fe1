import type { Account } from "@club/shared";
import { useSession } from "./appSession";
import { trpc } from "./trpc";

/** Whom the member is, as far as corrections go: their id and role (null until known). */
export type Corrector = Pick<Account, "id" | "role"> | null;

/**
 * Whether this member may correct or delete something another member added: admins may correct
 * anything, the member who added it their own. `createdBy` null (from before the club kept track)
 * is for admins only.
 */
export function mayCorrect(me: Corrector, createdBy: number | null): boolean {
  if (!me) return false;
  return me.role === "admin" || (createdBy !== null && createdBy === me.id);
}

/**
 * The signed-in member's rights on the screen: from the session (member or visitor) and
 * account.get (id and role). The account is only trusted when it is the session's: after a
 * logout and another login the cached one may still be the previous member's.
 */
export function usePermissions() {
  const session = useSession();
  const account = trpc.account.get.useQuery(undefined, {
    enabled: session !== null,
    staleTime: 5 * 60_000,
  });
  const data = account.data;
  const email = session?.email?.toLowerCase();
  const theirs = data !== undefined && (email == null || data.email.toLowerCase() === email);
  const me: Corrector = session && theirs ? { id: data.id, role: data.role } : null;
  return {
    isMember: session !== null,
    isAdmin: me?.role === "admin",
    me,
    mayCorrect: (createdBy: number | null) => mayCorrect(me, createdBy),
  };
}
