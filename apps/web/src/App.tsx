import { lazy, useCallback, useEffect, useState } from "react";
import { localStorageColorSchemeManager } from "@mantine/core";
import type { ReactNode } from "react";
import { BrowserRouter } from "react-router-dom";
import { THEME_STORAGE_KEY } from "@club/shared";
import { AppTree } from "./AppTree";
import { appSession } from "./lib/appSession";
import { useNotificationsWanted } from "./lib/notify";
import { keepTypedText, seedPageData } from "./lib/pageData";
import { createQueryClient, resetOnViewerChange } from "./lib/queryClient";
import { createTrpcClient } from "./lib/trpc";
import { ChooseLanguageProvider, loadLanguage, pageLanguage } from "./lib/i18n";
import type { Language } from "@club/shared";
import { whenIdle } from "./lib/idle";
import { preloadLinkedScreens } from "./routes";
import { basePath } from "./lib/basePath";

/**
 * The browser's history, under the club's path when APP_URL has one (lib/basePath.ts). With its
 * "/": Home is /club/, the service worker's scope and the manifest's start_url, not /club.
 */
const BrowserRouterAtBase = ({ children }: { children: ReactNode }) => (
  <BrowserRouter basename={basePath() ? `${basePath()}/` : undefined}>{children}</BrowserRouter>
);

/** The offline notice, the new-version banner and the service worker's registration. */
const PwaStatus = lazy(() => import("./pwa/PwaStatus"));

/** Follows the member's language (their account's, else the club's) once the app runs. */
const LanguageSync = lazy(() => import("./lib/languageSync"));

const Notifications = lazy(() =>
  import("./lib/notificationsUi").then((module) => ({ default: module.Notifications })),
);

/** Stores `dark` | `light` under localStorage `theme`. */
const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

/**
 * What only the browser shows: nothing in the first render, which hydrates the server's markup (it
 * has neither notices nor toasts), then the notices, and the toasts once one is asked for. Its own
 * component, so that neither re-renders the app's tree: a part of the screen not hydrated yet (a
 * lazy part whose code is still on its way) would be rendered anew, its markup dropped for a loader.
 */
function BrowserOnly() {
  const notificationsWanted = useNotificationsWanted();
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  // The screens of the first page's links, once the app is idle after it starts.
  useEffect(() => whenIdle(preloadLinkedScreens), []);
  if (!started) return null;
  return (
    <>
      <PwaStatus />
      <LanguageSync />
      {notificationsWanted ? <Notifications /> : null}
    </>
  );
}

export function App() {
  // A screen the server prerendered comes with its data: the first render shows the same rows.
  const [queryClient] = useState(() => seedPageData(createQueryClient(), appSession.getSnapshot() !== null));
  const [trpcClient] = useState(() => createTrpcClient(appSession));

  // The app is in charge of what the server prerendered into #root, if anything (tests and the
  // benches wait for this).
  useEffect(() => {
    const root = document.getElementById("root");
    if (!root?.hasAttribute("data-prerendered")) return;
    keepTypedText(root);
    root.removeAttribute("data-prerendered");
  }, []);

  useEffect(() => resetOnViewerChange(queryClient, appSession), [queryClient]);

  // The page's language, whose catalogue main.tsx loaded before the first render.
  const [language, setLanguage] = useState<Language>(pageLanguage);
  const chooseLanguage = useCallback(async (next: Language) => {
    await loadLanguage(next);
    document.documentElement.lang = next;
    setLanguage(next);
  }, []);

  // docs/product.md (The session), session start: validate the stored token, refresh it, or clear the session.
  useEffect(() => {
    appSession.start().catch((error: unknown) => console.error("Session start failed", error));
  }, []);

  return (
    <ChooseLanguageProvider value={chooseLanguage}>
      <AppTree
        queryClient={queryClient}
        trpcClient={trpcClient}
        colorSchemeManager={colorSchemeManager}
        router={BrowserRouterAtBase}
        later={<BrowserOnly />}
        language={language}
      />
    </ChooseLanguageProvider>
  );
}
