import { lazy, useEffect, useState } from "react";
import { localStorageColorSchemeManager } from "@mantine/core";
import { BrowserRouter } from "react-router-dom";
import { THEME_STORAGE_KEY } from "@club/shared";
import { AppTree } from "./AppTree";
import { appSession } from "./lib/appSession";
import { useNotificationsWanted } from "./lib/notify";
import { keepTypedText, seedPageData } from "./lib/pageData";
import { createQueryClient, resetOnViewerChange } from "./lib/queryClient";
import { createTrpcClient } from "./lib/trpc";

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
  // False in the first render, which hydrates the server's markup (it has neither notices nor toasts).
  const [started, setStarted] = useState(false);

  // The app is in charge of what the server prerendered into #root, if anything (tests and the
  // benches wait for this).
  useEffect(() => {
    setStarted(true);
    const root = document.getElementById("root");
    if (!root?.hasAttribute("data-prerendered")) return;
    keepTypedText(root);
    root.removeAttribute("data-prerendered");
  }, []);

  useEffect(() => resetOnViewerChange(queryClient, appSession), [queryClient]);

  // SPEC section 4, session start: validate the stored token, refresh it, or clear the session.
  useEffect(() => {
    appSession.start().catch((error: unknown) => console.error("Session start failed", error));
  }, []);

  return (
    <AppTree
      queryClient={queryClient}
      trpcClient={trpcClient}
      colorSchemeManager={colorSchemeManager}
      router={BrowserRouter}
      later={
        started ? (
          <>
            <PwaStatus />
            {notificationsWanted ? <Notifications /> : null}
          </>
        ) : null
      }
    />
  );
}
