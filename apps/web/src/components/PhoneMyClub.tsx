import { useState } from "react";
import { useT } from "../lib/i18n";
import { shellMessages } from "./shellMessages";
import { useLocation } from "react-router-dom";
import { useAccount, useMembersList } from "../lib/useAccount";
import { MemberPages, MembersLink } from "./NavLinks";
import classes from "./AppLayout.module.css";

/** The pages the phone's "My club" group holds (it opens by itself on one of them). */
const MY_CLUB_PATHS = [
  "/journal",
  "/activity",
  "/dues",
  "/treasurer",
  "/admin/backups",
  "/admin/club",
  "/admin/webhooks",
  "/members",
];

/**
 * The phone menu's "My club": the member's own pages and an admin's Members, grouped as
 * the desktop's menu groups them, so the top level has at most 7 entries instead of 13 in one flat
 * list. Closed at first, except on one of its pages or while membership requests wait (its badge).
 */
export default function PhoneMyClub({ onNavigate }: { onNavigate?: () => void }) {
  const location = useLocation();
  const pending = usePendingRequests();
  const t = useT(shellMessages);
  const [open, setOpen] = useState(
    () => pending > 0 || MY_CLUB_PATHS.some((path) => location.pathname.startsWith(path)),
  );
  const [wasPending, setWasPending] = useState(pending > 0);
  if (pending > 0 !== wasPending) {
    setWasPending(pending > 0);
    if (pending > 0) setOpen(true);
  }
  return (
    <div>
      <button
        type="button"
        className={`${classes.link} ${classes.groupToggle}`}
        aria-expanded={open}
        aria-controls="my-club-pages"
        onClick={() => setOpen((value) => !value)}
      >
        {t("myClub")}
        {pending > 0 ? (
          <span className={classes.badge} aria-hidden="true">
            {pending}
          </span>
        ) : null}
      </button>
      <div
        id="my-club-pages"
        role="group"
        aria-label={t("myClub")}
        className={classes.groupPages}
        hidden={!open}
      >
        <MemberPages onNavigate={onNavigate} />
        <MembersLink onNavigate={onNavigate} />
      </div>
    </div>
  );
}

/** How many membership requests wait for an admin (0 for everyone else). */
function usePendingRequests(): number {
  const isAdmin = useAccount().data?.role === "admin";
  const members = useMembersList(isAdmin);
  if (!isAdmin) return 0;
  return members.data?.filter((member) => member.status === "pending").length ?? 0;
}
