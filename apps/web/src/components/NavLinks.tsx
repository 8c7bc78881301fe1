import { NavLink } from "react-router-dom";
import { useT } from "../lib/i18n";
import { shellMessages, type ShellKey } from "./shellMessages";
import { useAccount, useMembersList } from "../lib/useAccount";
import { ROUTE_TABLE } from "@club/shared";
import { RoleNavLinks } from "./RoleNavLinks";
import classes from "./AppLayout.module.css";

/** The menus' links, from the route table (routeTable.ts `nav`), in its order. */
const navLinks = (members: boolean) =>
  ROUTE_TABLE.flatMap((route) =>
    route.nav && (route.nav.members === true) === members ? [{ to: route.path, label: route.nav.label }] : [],
  );
const LINKS = navLinks(false);

/** The pages anyone has, in both menus; Home is current on "/" only. */
/** A nav link's label in the reader's language (the route table's English label is its key). */
const navKey = (label: string) => `nav.${label}` as ShellKey;

export function PublicNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT(shellMessages);
  return LINKS.map((link) => (
    <NavLink key={link.to} to={link.to} end={link.to === "/"} className={classes.link} onClick={onNavigate}>
      {t(navKey(link.label))}
    </NavLink>
  ));
}

/** Pages only a logged-in member has. */
const MEMBER_LINKS = navLinks(true);

/** A member's own pages; on a desktop they sit in the "My club" menu, on a phone in the list. */
export function MemberPages({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT(shellMessages);
  return (
    <>
      {MEMBER_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={classes.link} onClick={onNavigate}>
          {t(navKey(link.label))}
        </NavLink>
      ))}
      <RoleNavLinks className={classes.link} onNavigate={onNavigate} />
    </>
  );
}

/** Admins only: Members, with a badge counting the membership requests waiting for them. */
export function MembersLink({ onNavigate }: { onNavigate?: () => void }) {
  const isAdmin = useAccount().data?.role === "admin";
  const members = useMembersList(isAdmin);
  const t = useT(shellMessages);
  if (!isAdmin) return null;
  const pending = members.data?.filter((member) => member.status === "pending").length ?? 0;
  return (
    <NavLink to="/members" className={classes.link} onClick={onNavigate}>
      {t("members")}
      {pending > 0 ? (
        <>
          <span className={classes.badge} aria-hidden="true">
            {pending}
          </span>
          <span className={classes.visuallyHidden}>{t("waitingForApproval", { pending })}</span>
        </>
      ) : null}
    </NavLink>
  );
}
