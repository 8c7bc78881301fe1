import { Suspense, useEffect, type ReactNode } from "react";
import {
  ActionIcon,
  AppShell,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { CLUB_NAME } from "@club/shared";
import { appSession, useSession } from "../lib/appSession";
import { trpc } from "../lib/trpc";
import { GlassLogo, MoonIcon, SunIcon } from "./icons";
import { PageLoader } from "./status";
import classes from "./AppLayout.module.css";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/library-bottles", label: "Library Bottles" },
  { to: "/theme-ideas", label: "Theme Ideas" },
  { to: "/about", label: "About" },
] as const;

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return LINKS.map((link) => (
    <NavLink key={link.to} to={link.to} end={link.to === "/"} className={classes.link} onClick={onNavigate}>
      {link.label}
    </NavLink>
  ));
}

/** 'Light Mode' while dark, 'Dark Mode' while light; the choice is stored under localStorage `theme`. */
function useThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("dark", { getInitialValueInEffect: false });
  const label = scheme === "dark" ? "Light Mode" : "Dark Mode";
  const toggle = () => setColorScheme(scheme === "dark" ? "light" : "dark");
  const icon = scheme === "dark" ? <SunIcon /> : <MoonIcon />;
  return { label, toggle, icon };
}

function AccountControls({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const logout = trpc.auth.logout.useMutation();

  const onLogout = async () => {
    const refreshToken = session?.refreshToken;
    onNavigate?.();
    if (refreshToken) {
      // Revoke the refresh token server-side; the local session ends either way.
      await logout
        .mutateAsync({ refreshToken })
        .catch((error: unknown) => console.error("Logout failed", error));
    }
    appSession.clear();
    utils.lookups.invalidate().catch(() => undefined);
    void navigate("/");
  };

  if (session) {
    return (
      <>
        <Text size="sm" c="dimmed" className={classes.welcome} title={session.email ?? undefined}>
          Welcome, {session.email}
        </Text>
        <Button
          variant="default"
          size="sm"
          onClick={onLogout}
          loading={logout.isPending}
          fullWidth={vertical}
        >
          Logout
        </Button>
      </>
    );
  }
  return (
    <>
      <Button
        component={Link}
        to="/register"
        variant="subtle"
        size="sm"
        onClick={onNavigate}
        fullWidth={vertical}
      >
        Register
      </Button>
      <Button component={Link} to="/login" size="sm" onClick={onNavigate} fullWidth={vertical}>
        Login
      </Button>
    </>
  );
}

/** Navigation bar on every screen; on a phone the links collapse into a burger menu. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const isDesktop = useMediaQuery("(min-width: 62em)", false, { getInitialValueInEffect: false });
  const theme = useThemeToggle();
  const location = useLocation();

  useEffect(() => close(), [location.pathname, close]);
  useEffect(() => {
    if (isDesktop) close();
  }, [isDesktop, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 300, breakpoint: "md", collapsed: { mobile: !opened, desktop: true } }}
      padding={0}
    >
      <AppShell.Header className={classes.header}>
        <Container size={1200} h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={opened ? "Close navigation" : "Open navigation"}
                aria-expanded={opened}
                aria-controls="mobile-navigation"
              />
              <UnstyledButton component={Link} to="/" className={classes.brand}>
                <GlassLogo />
                <Text component="span" className={classes.brandName}>
                  {CLUB_NAME}
                </Text>
              </UnstyledButton>
            </Group>

            <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
              <NavLinks />
            </Group>

            <Group gap="xs" wrap="nowrap">
              <Group gap="xs" visibleFrom="md" wrap="nowrap">
                <AccountControls />
              </Group>
              <Button
                variant="default"
                size="sm"
                onClick={theme.toggle}
                leftSection={theme.icon}
                visibleFrom="lg"
              >
                {theme.label}
              </Button>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={theme.toggle}
                aria-label={theme.label}
                title={theme.label}
                hiddenFrom="lg"
              >
                {theme.icon}
              </ActionIcon>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>

      <AppShell.Navbar id="mobile-navigation" p="md" className={classes.navbar}>
        {opened && !isDesktop ? (
          <Stack gap="xs">
            <Stack component="nav" aria-label="Main" gap={4}>
              <NavLinks onNavigate={close} />
            </Stack>
            <Divider my="sm" />
            <Stack gap="xs">
              <AccountControls vertical onNavigate={close} />
            </Stack>
          </Stack>
        ) : null}
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <Container size={1200} py={{ base: "lg", sm: 40 }} px={{ base: "md", sm: "lg" }}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
