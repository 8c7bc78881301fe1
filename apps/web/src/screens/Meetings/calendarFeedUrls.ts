import { withBase } from "../../lib/basePath";
/** The feed's addresses on this server: webcal:// to subscribe, http(s):// to paste into a calendar. */
export function calendarFeedUrls(location: Pick<Location, "host" | "protocol">) {
  return {
    webcal: `webcal://${location.host}${withBase("/calendar.ics")}`,
    https: `${location.protocol}//${location.host}${withBase("/calendar.ics")}`,
  };
}
