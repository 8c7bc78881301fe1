/** What the installable app says; e2e tests look for these. */
export const PwaTexts = {
  offline: "You are offline: showing what you saw last.",
  offlineWrites: "Changes cannot be saved until you are back online.",
  updateReady: "A new version is available.",
  reload: "Reload",
  /** A load error while offline: the page was not seen before, so nothing was kept. */
  notSeenOffline: "You are offline, and this page was not saved for offline use.",
  notSeenOfflineHint: "It opens once you are back online. Pages you have seen before still open.",
} as const;
