import { Link } from "react-router-dom";
import { useSession } from "../lib/appSession";
import { trpc } from "../lib/trpc";
import { useT } from "../lib/i18n";
import { shellMessages } from "./shellMessages";
import { BellIcon } from "./icons";
import classes from "./AppLayout.module.css";
import buttons from "./buttons.module.css";

/** How often the bell asks for its number while the app is open (it asks on focus too). */
const POLL_MS = 20_000;

/**
 * The header's bell, a member's: a link to /notifications with the unread count, which follows
 * new notifications without a reload (asked every 20 s and when the window gets focus).
 */
export function NotificationBell() {
  const session = useSession();
  const count = trpc.notifications.count.useQuery(undefined, {
    enabled: session !== null,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: "always",
  });
  const t = useT(shellMessages);
  if (!session) return null;
  const unread = count.data?.unread ?? 0;
  const label = t("notifications", { unread });
  return (
    <Link
      to="/notifications"
      className={`${buttons.button} ${buttons.icon} ${classes.bell}`}
      aria-label={label}
      title={label}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className={classes.bellCount} aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
