import { Workbox } from "workbox-window";
import { isOfflineMessage } from "../../sw/offlineMessage";
import { followConnection } from "./connection";
import { pwaState } from "./status";
import { withBase } from "../lib/basePath";

/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) and follows the connection: the
 * browser's online/offline events, and the worker's word that an answer came from what was seen
 * last (the server may be down while the phone is online).
 */
export function registerServiceWorker(): void {
  const connection = followConnection(pwaState.set, () => navigator.onLine);
  window.addEventListener("offline", connection.wentOffline);
  window.addEventListener("online", connection.cameOnline);
  // Not in `vite dev`: there is no built worker there.
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;

  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<unknown>) => {
    if (isOfflineMessage(event.data)) connection.workerSaid(event.data);
  });

  const workbox = new Workbox(withBase("/sw.js"), { scope: withBase("/") });
  workbox.addEventListener("waiting", () => {
    pwaState.onReload(() => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
    pwaState.set({ updateReady: true });
  });
  // After the page has loaded and settled: installing precaches the whole app (about 170 files), which
  // must not compete with the first screen's own requests.
  const register = () =>
    void workbox
      .register()
      .catch((error: unknown) => console.error("Service worker registration failed", error));
  const later = () => setTimeout(register, REGISTER_DELAY_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

/** How long after the load event the worker is registered. */
const REGISTER_DELAY_MS = 2_000;
