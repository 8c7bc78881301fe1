/**
 * What the browser tests read of the web app (`@club/web/testing`): its words and formats, the
 * activity log's sentences, the service worker's offline reads. Nothing imports the web app's
 * sources by path.
 */
export { PwaTexts } from "./pwa/texts";
export { formatDate, formatLongDate } from "./lib/format";
export { nextFreeMeetingDay } from "./lib/clubCalendar";
export { describeActivity } from "./screens/Activity/describeActivity";
export { emptyNameBook, learnNames, type NameBook } from "./screens/Activity/names";
export { DESCRIBED_ACTIONS } from "./screens/Activity/sentences";
export { OFFLINE_READS } from "../sw/publicReads";
