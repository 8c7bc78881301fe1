/** The feed's addresses on this server: webcal:// to subscribe, http(s):// to paste into a calendar. */
export function calendarFeedUrls(location: Pick<Location, "host" | "protocol">) {
  return {
    webcal: `webcal://${location.host}/calendar.ics`,
    https: `${location.protocol}//${location.host}/calendar.ics`,
  };
}
