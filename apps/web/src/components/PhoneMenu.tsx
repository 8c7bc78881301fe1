import { lazy, Suspense } from "react";
import { useT } from "../lib/i18n";
import { shellMessages } from "./shellMessages";
import { useSession } from "../lib/appSession";
import { AccountControls } from "./AccountControls";
import { PublicNavLinks } from "./NavLinks";
import classes from "./AppLayout.module.css";

/** The phone menu's "My club" group: loaded when a member opens the menu (the first screen's budget). */
const PhoneMyClub = lazy(() => import("./PhoneMyClub"));

/**
 * The phone's menu under the header, while the burger holds it `open`: the links, a member's
 * "My club" group and the account part. A tap on a link or an account button calls `onNavigate`.
 */
export function PhoneMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const session = useSession();
  const t = useT(shellMessages);
  return (
    <div id="mobile-navigation" className={classes.navbar} hidden={!open}>
      {open ? (
        <>
          <nav aria-label={t("mainNav")} className={classes.mobileNav}>
            <PublicNavLinks onNavigate={onNavigate} />
            {session ? (
              <Suspense fallback={null}>
                <PhoneMyClub onNavigate={onNavigate} />
              </Suspense>
            ) : null}
          </nav>
          <hr className={classes.divider} />
          <div className={classes.mobileAccount}>
            <AccountControls vertical onNavigate={onNavigate} />
          </div>
        </>
      ) : null}
    </div>
  );
}
