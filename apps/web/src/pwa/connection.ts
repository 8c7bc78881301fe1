import type { OfflineMessage } from "../../sw/offlineMessage";
import type { PwaState } from "./status";

/**
 * Follows the connection from two sources that do not arrive in order: the browser's
 * online/offline events, and the service worker's messages about each answer. A worker
 * message about a request that began before the latest `online` event (answered from what
 * was seen last while the phone was offline) may be delivered after that event on a slow
 * phone; it says nothing about the connection now and is dropped, or the offline notice
 * would stay up with nothing to clear it.
 */
export function followConnection(
  set: (change: Partial<PwaState>) => void,
  browserOnline: () => boolean,
  now: () => number = Date.now,
) {
  let onlineSince = Number.NEGATIVE_INFINITY;
  return {
    wentOffline: () => set({ offline: true }),
    cameOnline: () => {
      onlineSince = now();
      set({ offline: false });
    },
    workerSaid: (message: OfflineMessage) => {
      if (message.offline && message.at < onlineSince) return;
      set({ offline: message.offline || !browserOnline() });
    },
  };
}
