import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";
import { useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { useMutation } from "@tanstack/react-query";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { CLUB_NAME } from "@club/shared";
import { appSession, authApi, useSession } from "../lib/appSession";
import { loginPath, nextFromLocation } from "../lib/loginRedirect";
import { useAccount, useMembersList } from "../lib/useAccount";
import { ClubSearchButton } from "./ClubSearch/ClubSearchButton";
import { NotificationBell } from "./NotificationBell";
import { GlassLogo, MoonIcon, SunIcon } from "./icons";
import { ROUTE_TABLE } from "../routeTable";
import { RoleNavLinks } from "./RoleNavLinks";
import { PageLoader } from "./loader";
import classes from "./AppLayout.module.css";
import buttons from "./buttons.module.css";

/** The phone menu's "My club" group: loaded when a member opens the menu (the first screen's budget). */
const PhoneMyClub = lazy(() => import("./PhoneMyClub"));

/** The menus' links, from the route table (routeTable.ts `nav`), in its order. */
const navLinks = (members: boolean) =>
  ROUTE_TABLE.flatMap((route) =>
    route.nav && (route.nav.members === true) === members ? [{ to: route.path, label: route.nav.label }] : [],
  );
const LINKS = navLinks(false);

/** Where the header's links leave the burger menu (AppLayout.module.css): later for a member's longer header. */
const VISITOR_DESKTOP = "(min-width: 62em)";
const MEMBER_DESKTOP = "(min-width: 75em)";

/** Pages only a logged-in member has. */
const MEMBER_LINKS = navLinks(true);

/** A member's own pages; on a desktop they sit in the "My club" menu, on a phone in the list. */
export function MemberPages({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {MEMBER_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={classes.link} onClick={onNavigate}>
          {link.label}
        </NavLink>
      ))}
      <RoleNavLinks className={classes.link} onNavigate={onNavigate} />
    </>
  );
}

/** The desktop header's menu of a member's own pages: a plain <details>, closed on navigation. */
function MyClubMenu() {
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
      <summary className={classes.link}>My club</summary>
      <div className={classes.menu}>
        <MemberPages onNavigate={() => ref.current?.removeAttribute("open")} />
        <NavLink to="/account" className={classes.link}>
          Account
        </NavLink>
      </div>
    </details>
  );
}

function NavLinks({ onNavigate, compact }: { onNavigate?: () => void; compact?: boolean }) {
  const session = useSession();
  return (
    <>
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.to === "/"}
          className={classes.link}
          onClick={onNavigate}
        >
          {link.label}
        </NavLink>
      ))}
      {compact ? <MembersLink onNavigate={onNavigate} /> : null}
      {session && compact ? <MyClubMenu /> : null}
      {session && !compact ? (
        <Suspense fallback={null}>
          <PhoneMyClub onNavigate={onNavigate} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Admins only: Members, with a badge counting the membership requests waiting for them. */
export function MembersLink({ onNavigate }: { onNavigate?: () => void }) {
  const isAdmin = useAccount().data?.role === "admin";
  const members = useMembersList(isAdmin);
  if (!isAdmin) return null;
  const pending = members.data?.filter((member) => member.status === "pending").length ?? 0;
  return (
    <NavLink to="/members" className={classes.link} onClick={onNavigate}>
      Members
      {pending > 0 ? (
        <>
          <span className={classes.badge} aria-hidden="true">
            {pending}
          </span>
          <span className={classes.visuallyHidden}> ({pending} waiting for approval)</span>
        </>
      ) : null}
    </NavLink>
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
  const label = hydrated && scheme === "light" ? "Dark Mode" : "Light Mode";
  const toggle = () => setColorScheme(scheme === "dark" ? "light" : "dark");
  return { label, toggle };
}

/**
 * The toggle's icon and name for both schemes, the other one hidden by the scheme's CSS (Mantine's
 * mantine-light-hidden / mantine-dark-hidden): right on the first paint even when the server
 * prerendered the page, which cannot know the scheme stored in the browser.
 */
function ThemeToggleContent() {
  const name = (text: string) => <span className={classes.visuallyHidden}>{text}</span>;
  return (
    <>
      <span className={`${classes.contents} mantine-light-hidden`}>
        <SunIcon />
        {name("Light Mode")}
      </span>
      <span className={`${classes.contents} mantine-dark-hidden`}>
        <MoonIcon />
        {name("Dark Mode")}
      </span>
    </>
  );
}

function AccountControls({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useMutation({ mutationFn: authApi.logout });

  const onLogout = async () => {
    const refreshToken = session?.refreshToken;
    onNavigate?.();
    if (refreshToken) {
      // Revoke the refresh token server-side; the local session ends either way.
      await logout.mutateAsync(refreshToken).catch((error: unknown) => console.error("Logout failed", error));
    }
    // The cache is reset as the viewer changes (lib/queryClient.ts, resetOnViewerChange).
    appSession.clear();
    void navigate("/");
  };

  const width = vertical ? { "data-full-width": true } : {};
  if (session) {
    return (
      <>
        <p className={classes.welcome} title={session.email ?? undefined}>
          Welcome, {session.email}
        </p>
        {vertical ? (
          <NavLink
            to="/account"
            className={`${buttons.button} ${classes.accountLink}`}
            data-variant="subtle"
            {...width}
            onClick={onNavigate}
          >
            Account
          </NavLink>
        ) : null}
        <button
          type="button"
          className={buttons.button}
          data-variant="default"
          {...width}
          onClick={onLogout}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
        >
          Logout
        </button>
      </>
    );
  }
  return (
    <>
      <Link to="/register" className={buttons.button} data-variant="subtle" {...width} onClick={onNavigate}>
        Register
      </Link>
      <Link
        to={loginPath({ next: nextFromLocation(location) })}
        className={buttons.button}
        data-variant="filled"
        {...width}
        onClick={onNavigate}
      >
        Login
      </Link>
    </>
  );
}

/**
 * Navigation bar on every screen; on a phone the links collapse into a burger menu. The frame is
 * plain elements (AppLayout.module.css: a fixed 64 px header, a full-width menu panel below it on a
 * phone, the main column) and its buttons plain <button>/<a> styled like Mantine's (buttons.module.css),
 * rather than AppShell, Container, Group, Burger, Button and ActionIcon: the header renders on every
 * first paint, and those components cost the first screen more main-thread time than the screen
 * itself (Lighthouse, /about, median of 9: Total Blocking Time about 230 ms with them, 100 without).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const isDesktop = useMediaQuery(session ? MEMBER_DESKTOP : VISITOR_DESKTOP, false, {
    getInitialValueInEffect: false,
  });
  const theme = useThemeToggle();
  const location = useLocation();

  useEffect(() => close(), [location.pathname, close]);
  useEffect(() => {
    if (isDesktop) close();
  }, [isDesktop, close]);
  const menuOpen = opened && !isDesktop;

  return (
    <>
      {/* The first stop of the Tab key: past the header's links to the screen itself (issue 22). */}
      <a href="#content" className={classes.skipLink}>
        Skip to content
      </a>
      <header className={classes.header} data-member={session ? "" : undefined}>
        <div className={classes.bar}>
          <div className={classes.start}>
            <button
              type="button"
              className={classes.burger}
              onClick={toggle}
              aria-label={opened ? "Close navigation" : "Open navigation"}
              aria-expanded={opened}
              aria-controls="mobile-navigation"
            >
              <span className={classes.burgerLines} data-opened={opened || undefined} />
            </button>
            <Link to="/" className={classes.brand}>
              <GlassLogo />
              <span className={classes.brandName}>{CLUB_NAME}</span>
            </Link>
          </div>

          <nav aria-label="Main" className={classes.desktopNav}>
            <NavLinks compact />
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

      <div id="mobile-navigation" className={classes.navbar} hidden={!menuOpen}>
        {menuOpen ? (
          <>
            <nav aria-label="Main" className={classes.mobileNav}>
              <NavLinks onNavigate={close} />
            </nav>
            <hr className={classes.divider} />
            <div className={classes.mobileAccount}>
              <AccountControls vertical onNavigate={close} />
            </div>
          </>
        ) : null}
      </div>

      <main className={classes.main} id="content" tabIndex={-1}>
        <div className={classes.content}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </div>
      </main>
    </>
  );
}
