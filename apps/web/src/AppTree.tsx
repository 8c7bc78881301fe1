import { Suspense, type ComponentType, type ReactNode } from "react";
import type { MantineColorSchemeManager } from "@mantine/core";
import type { QueryClient } from "@tanstack/react-query";
import { AppProviders } from "./AppProviders";
import { AppLayout } from "./components/AppLayout";
import { LanguageProvider } from "./lib/i18n";
import type { TrpcClient } from "./lib/trpc";
import type { Language } from "@club/shared";
import { AppRoutes } from "./routes";

/**
 * The app's tree, one for the browser (App.tsx) and the server's first pages (ssr/prerender.tsx):
 * the browser hydrates the server's markup, so both render the same elements in the same places
 * (the ids React's useId gives follow the tree's shape). What differs is given: the router (the
 * browser's history, or the server's one URL) and what only the browser shows once it runs (`later`:
 * the offline and new-version notices, the toasts), which the server leaves empty. Both render in
 * the page's language (the server's choice, `<html lang>`).
 */
export function AppTree({
  queryClient,
  trpcClient,
  colorSchemeManager,
  router: Router,
  later,
  language,
}: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  colorSchemeManager?: MantineColorSchemeManager;
  router: ComponentType<{ children: ReactNode }>;
  later?: ReactNode;
  /** The language the app shows (lib/i18n.ts); its catalogue is loaded before the tree renders. */
  language: Language;
}) {
  return (
    <LanguageProvider language={language}>
      <AppProviders queryClient={queryClient} trpcClient={trpcClient} colorSchemeManager={colorSchemeManager}>
        <Suspense fallback={null}>{later}</Suspense>
        <Router>
          <AppLayout>
            <AppRoutes />
          </AppLayout>
        </Router>
      </AppProviders>
    </LanguageProvider>
  );
}
