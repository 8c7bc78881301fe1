import { lazy, Suspense, useEffect, useState } from "react";
import { MantineProvider, localStorageColorSchemeManager } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router-dom";
import { THEME_STORAGE_KEY } from "@club/shared";
import { AppLayout } from "./components/AppLayout";
import { appSession } from "./lib/appSession";
import { httpStatusOf } from "./lib/errors";
import { useNotificationsWanted } from "./lib/notify";
import { createTrpcClient, trpc } from "./lib/trpc";
import { AppRoutes } from "./routes";
import { cssVariablesResolver, theme } from "./theme";

/** The offline notice, the new-version banner and the service worker's registration (issue 15). */
const PwaStatus = lazy(() => import("./pwa/PwaStatus"));

const Notifications = lazy(() =>
  import("./lib/notificationsUi").then((module) => ({ default: module.Notifications })),
);

/** Stores `dark` | `light` under localStorage `theme`. */
const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; network trouble and 5xx get one more try.
        retry: (failureCount, error) => {
          const status = httpStatusOf(error);
          return status !== undefined && status < 500 ? false : failureCount < 1;
        },
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createTrpcClient(appSession));
  const notificationsWanted = useNotificationsWanted();

  // SPEC section 4, session start: validate the stored token, refresh it, or clear the session.
  useEffect(() => {
    appSession.start().catch((error: unknown) => console.error("Session start failed", error));
  }, []);

  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <Suspense fallback={null}>
        <PwaStatus />
        {notificationsWanted ? <Notifications /> : null}
      </Suspense>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppLayout>
              <AppRoutes />
            </AppLayout>
          </BrowserRouter>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
