import { NavLink } from "react-router-dom";
import { useSession } from "../lib/appSession";
import { trpc } from "../lib/trpc";

/** "Dues" for every member, "Treasurer" too for the treasurer and admins (role from account.get). */
export function RoleNavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const session = useSession();
  const account = trpc.account.get.useQuery(undefined, { enabled: session !== null, staleTime: 60_000 });
  if (!session) return null;
  const role = account.data?.role;
  return (
    <>
      <NavLink to="/dues" className={className} onClick={onNavigate}>
        Dues
      </NavLink>
      {role === "treasurer" || role === "admin" ? (
        <NavLink to="/treasurer" className={className} onClick={onNavigate}>
          Treasurer
        </NavLink>
      ) : null}
    </>
  );
}
