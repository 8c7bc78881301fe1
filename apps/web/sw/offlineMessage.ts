/**
 * The service worker's word to its page about where an answer came from: the network
 * (offline: false) or what was seen last (offline: true). `at` is when the worker began
 * handling the request (Date.now(), the clock page and worker share), so the page can tell
 * a message about a request made before the connection came back from a fresh one.
 */
export interface OfflineMessage {
  type: "club-offline";
  offline: boolean;
  at: number;
}

export const offlineMessage = (offline: boolean, at: number): OfflineMessage => ({
  type: "club-offline",
  offline,
  at,
});

export const isOfflineMessage = (data: unknown): data is OfflineMessage => {
  const message = data as Partial<OfflineMessage> | null;
  return (
    message?.type === "club-offline" && typeof message.offline === "boolean" && typeof message.at === "number"
  );
};
