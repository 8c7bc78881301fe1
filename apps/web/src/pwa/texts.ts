import common from "../locales/en/common.json";

/** What the installable app says (in English; common.json's pwa.* keys); e2e tests look for these. */
export const PwaTexts = {
  offline: common["pwa.offline"],
  offlineWrites: common["pwa.offlineWrites"],
  updateReady: common["pwa.updateReady"],
  reload: common["pwa.reload"],
  /** A load error while offline: the page was not seen before, so nothing was kept. */
  notSeenOffline: common["pwa.notSeenOffline"],
  notSeenOfflineHint: common["pwa.notSeenOfflineHint"],
} as const;
