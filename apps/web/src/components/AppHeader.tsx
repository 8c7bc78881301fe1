import { useEffect, useRef, useSyncExternalStore } from "react";
import { useT } from "../lib/i18n";
import { shellMessages } from "./shellMessages";
import { useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { Link, NavLink, useLocation } from "react-router-dom";
import { useSession } from "../lib/appSession";
import { AccountControls } from "./AccountControls";
import { LanguageSelect } from "./LanguageSelect";
import { ClubSearchButton } from "./ClubSearch/ClubSearchButton";
import { NotificationBell } from "./NotificationBell";
import { GlassLogo, MoonIcon, SunIcon } from "./icons";
import { MemberPages, MembersLink, PublicNavLinks } from "./NavLinks";
import classes from "./AppLayout.module.css";
import buttons from "./buttons.module.css";
import { useClubSettings } from "../lib/clubSettings";

/** The desktop header's menu of a member's own pages: a plain <details>, closed on navigation. */
function MyClubMenu() {
  const t = useT(shellMessages);
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);
  useEffect(() => {
    const close = (event: MouseEvent | KeyboardEvent) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menu.contains(event.target as Node))
        menu.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={ref} className={classes.more}>
      <summary className={classes.link}>{t("myClub")}</summary>
      <div className={classes.menu}>
        <MemberPages onNavigate={() => ref.current?.removeAttribute("open")} />
        <NavLink to="/account" className={classes.link}>
          {t("account")}
        </NavLink>
        <LanguageSelect member />
      </div>
    </details>
  );
}

const noSubscription = () => () => undefined;

/**
 * 'Light Mode' while dark, 'Dark Mode' while light; the choice is stored under localStorage `theme`.
 * While the app hydrates a page the server rendered, the label is the server's (which cannot know
 * the stored scheme, and renders the default, dark): React then renders it again with the scheme.
 */
function useThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("dark", { getInitialValueInEffect: false });
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const t = useT(shellMessages);
  const label = hydrated && scheme === "light" ? t("darkMode") : t("lightMode");
  const toggle = () => setColorScheme(scheme === "dark" ? "light" : "dark");
  return { label, toggle };
}

/**
 * The toggle's icon and name for both schemes, the other one hidden by the scheme's CSS (Mantine's
 * mantine-light-hidden / mantine-dark-hidden): right on the first paint even when the server
 * prerendered the page, which cannot know the scheme stored in the browser.
 */
function ThemeToggleContent() {
  const t = useT(shellMessages);
  const name = (text: string) => <span className={classes.visuallyHidden}>{text}</span>;
  return (
    <>
      <span className={`${classes.contents} mantine-light-hidden`}>
        <SunIcon />
        {name(t("lightMode"))}
      </span>
      <span className={`${classes.contents} mantine-dark-hidden`}>
        <MoonIcon />
        {name(t("darkMode"))}
      </span>
    </>
  );
}

/**
 * The fixed header: the burger that opens the phone menu (`menuOpened`, `onToggleMenu`), the club's
 * name, the desktop's links with a member's "My club" menu, search, the account part and the theme
 * toggle.
 */
export function AppHeader({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const session = useSession();
  const theme = useThemeToggle();
  // Read on every screen, before the screen renders: the formatters outside components use it too.
  const clubName = useClubSettings().name;
  const t = useT(shellMessages);
  return (
    <header className={classes.header} data-member={session ? "" : undefined}>
      <div className={classes.bar}>
        <div className={classes.start}>
          <button
            type="button"
            className={classes.burger}
            onClick={onToggleMenu}
            aria-label={menuOpened ? t("closeNav") : t("openNav")}
            aria-expanded={menuOpened}
            aria-controls="mobile-navigation"
          >
            <span className={classes.burgerLines} data-opened={menuOpened || undefined} />
          </button>
          <Link to="/" className={classes.brand}>
            <GlassLogo />
            <span className={classes.brandName}>{clubName}</span>
          </Link>
        </div>

        <nav aria-label={t("mainNav")} className={classes.desktopNav}>
          <PublicNavLinks />
          <MembersLink />
          {session ? <MyClubMenu /> : null}
        </nav>

        <div className={classes.end}>
          <ClubSearchButton />
          <NotificationBell />
          <div className={classes.desktopAccount}>
            <AccountControls />
          </div>
          <button
            type="button"
            className={`${buttons.button} ${buttons.icon} ${classes.themeToggle}`}
            onClick={theme.toggle}
            title={theme.label}
          >
            <ThemeToggleContent />
          </button>
        </div>
      </div>
    </header>
  );
}
