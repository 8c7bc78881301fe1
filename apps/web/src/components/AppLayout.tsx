import { Suspense, useEffect, type ReactNode } from "react";
import { useT } from "../lib/i18n";
import { shellMessages } from "./shellMessages";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { useLocation } from "react-router-dom";
import { useSession } from "../lib/appSession";
import { AppHeader } from "./AppHeader";
import { PageLoader } from "./loader";
import { PhoneMenu } from "./PhoneMenu";
import { AppFooter } from "./LanguageSelect";
import classes from "./AppLayout.module.css";

/** Where the header's links leave the burger menu (AppLayout.module.css): later for a member's longer header. */
const VISITOR_DESKTOP = "(min-width: 62em)";
const MEMBER_DESKTOP = "(min-width: 75em)";

/**
 * The frame of every screen: the header (AppHeader), on a phone the burger's menu under it
 * (PhoneMenu; closed on navigation and when the window grows to a desktop's), then the screen.
 * The frame is plain elements (AppLayout.module.css: a fixed 64 px header, a full-width menu panel
 * below it on a phone, the main column) and its buttons plain <button>/<a> styled like Mantine's
 * (buttons.module.css), rather than AppShell, Container, Group, Burger, Button and ActionIcon: the
 * header renders on every first paint, and those components cost the first screen more main-thread
 * time than the screen itself (Lighthouse, /about, median of 9: Total Blocking Time about 230 ms
 * with them, 100 without).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const isDesktop = useMediaQuery(session ? MEMBER_DESKTOP : VISITOR_DESKTOP, false, {
    getInitialValueInEffect: false,
  });
  const location = useLocation();
  const t = useT(shellMessages);

  useEffect(() => close(), [location.pathname, close]);
  useEffect(() => {
    if (isDesktop) close();
  }, [isDesktop, close]);
  const menuOpen = opened && !isDesktop;

  return (
    <>
      {/* The first stop of the Tab key: past the header's links to the screen itself. */}
      <a href="#content" className={classes.skipLink}>
        {t("skipToContent")}
      </a>
      <AppHeader menuOpened={opened} onToggleMenu={toggle} />

      <PhoneMenu open={menuOpen} onNavigate={close} />

      <main className={classes.main} id="content" tabIndex={-1}>
        <div className={classes.content}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </div>
      </main>
      <AppFooter />
    </>
  );
}
