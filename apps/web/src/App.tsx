import { lazy, Suspense, useEffect, useState } from "react";
import { localStorageColorSchemeManager } from "@mantine/core";
import { BrowserRouter } from "react-router-dom";
import { THEME_STORAGE_KEY } from "@club/shared";
import { AppProviders } from "./AppProviders";
import { AppLayout } from "./components/AppLayout";
import { appSession } from "./lib/appSession";
import { useNotificationsWanted } from "./lib/notify";
import { seedPageData } from "./lib/pageData";
import { createQueryClient, resetOnViewerChange } from "./lib/queryClient";
import { createTrpcClient } from "./lib/trpc";
import { AppRoutes } from "./routes";

/** The offline notice, the new-version banner and the service worker's registration (issue 15). */
const PwaStatus = lazy(() => import("./pwa/PwaStatus"));

const Notifications = lazy(() =>
  import("./lib/notificationsUi").then((module) => ({ default: module.Notifications })),
);

/** Stores `dark` | `light` under localStorage `theme`. */
const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

export function App() {
  // A screen the server prerendered comes with its data: the first render shows the same rows.
  const [queryClient] = useState(() => seedPageData(createQueryClient(), appSession.getSnapshot() !== null));
  const [trpcClient] = useState(() => createTrpcClient(appSession));
  const notificationsWanted = useNotificationsWanted();

  // The app now shows what the server prerendered into #root, if anything (tests and the bench wait for this).
  useEffect(() => document.getElementById("root")?.removeAttribute("data-prerendered"), []);

  useEffect(() => resetOnViewerChange(queryClient, appSession), [queryClient]);

  // SPEC section 4, session start: validate the stored token, refresh it, or clear the session.
  useEffect(() => {
    appSession.start().catch((error: unknown) => console.error("Session start failed", error));
  }, []);

  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} colorSchemeManager={colorSchemeManager}>
      <Suspense fallback={null}>
        <PwaStatus />
        {notificationsWanted ? <Notifications /> : null}
      </Suspense>
      <BrowserRouter>
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      </BrowserRouter>
    </AppProviders>
  );
}
