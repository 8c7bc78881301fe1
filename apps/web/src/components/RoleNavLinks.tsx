import { NavLink } from "react-router-dom";
import { useT } from "../lib/i18n";
import { shellMessages } from "./shellMessages";
import { useSession } from "../lib/appSession";
import { trpc } from "../lib/trpc";

/** "Dues" for every member, "Treasurer" too for the treasurer and admins, "Backups", "Club settings" and "Webhooks" for admins (role from account.get). */
export function RoleNavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const session = useSession();
  const t = useT(shellMessages);
  const account = trpc.account.get.useQuery(undefined, { enabled: session !== null });
  if (!session) return null;
  // The cache may still hold the account of whoever was logged in before in this tab.
  const sameMember = account.data?.email.toLowerCase() === session.email?.toLowerCase();
  const role = sameMember ? account.data?.role : undefined;
  return (
    <>
      <NavLink to="/dues" className={className} onClick={onNavigate}>
        {t("dues")}
      </NavLink>
      {role === "treasurer" || role === "admin" ? (
        <NavLink to="/treasurer" className={className} onClick={onNavigate}>
          {t("treasurer")}
        </NavLink>
      ) : null}
      {role === "admin" ? (
        <NavLink to="/admin/backups" className={className} onClick={onNavigate}>
          {t("backups")}
        </NavLink>
      ) : null}
      {role === "admin" ? (
        <NavLink to="/admin/club" className={className} onClick={onNavigate}>
          {t("clubSettings")}
        </NavLink>
      ) : null}
      {role === "admin" ? (
        <NavLink to="/admin/webhooks" className={className} onClick={onNavigate}>
          {t("webhooks")}
        </NavLink>
      ) : null}
    </>
  );
}
