/** What the installable app says (issue 15); e2e tests look for these. */
export const PwaTexts = {
  offline: "You are offline: showing what you saw last.",
  offlineWrites: "Changes cannot be saved until you are back online.",
  updateReady: "A new version is available.",
  reload: "Reload",
} as const;
