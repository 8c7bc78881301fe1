import type { ComponentType } from "react";
import { matchPath, Route, Routes } from "react-router-dom";
import { lazyRoute, type LazyRoute } from "./lib/lazyRoute";
import { NOT_FOUND_SCREEN, ROUTE_TABLE } from "@club/shared";
import { withoutBase } from "./lib/basePath";

/**
 * Route-level code splitting: each screen is its own chunk. The screens' loaders, by file; the
 * route table (packages/shared/src/routeTable.ts) names the screen of each path.
 */
const SCREEN_MODULES = import.meta.glob<{ default: ComponentType }>("./screens/*/*Page.tsx");

function screenOf(screen: string): LazyRoute {
  const load = SCREEN_MODULES[`./screens/${screen}.tsx`];
  if (!load) throw new Error(`routeTable.ts: no screen src/screens/${screen}.tsx`);
  return lazyRoute(load);
}

const ROUTES: { path: string; screen: LazyRoute }[] = ROUTE_TABLE.map((route) => ({
  path: route.path,
  screen: screenOf(route.screen),
}));
const NotFoundPage = screenOf(NOT_FOUND_SCREEN);

/** Loads the chunk of the screen at this path, so the first render shows it at once. */
export function preloadScreen(pathname: string): Promise<void> {
  const route = ROUTES.find(({ path }) => matchPath(path, pathname));
  return (route?.screen ?? NotFoundPage).preload();
}

/**
 * Loads the chunks of the screens that the page's links lead to (ROUTES' own, not the not-found
 * screen's): run once the app is idle after it starts, so that a link's first tap does not wait for
 * its screen's code.
 */
export function preloadLinkedScreens(): void {
  const screens = new Set<LazyRoute>();
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname === window.location.pathname) continue;
    const route = ROUTES.find(({ path }) => matchPath(path, withoutBase(url.pathname)));
    if (route) screens.add(route.screen);
  }
  for (const screen of screens) void screen.preload().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, screen: Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
