import type { Language } from "@club/shared";
import { withBase } from "../../lib/basePath";

/** `?lang=` for a reader of another language than English: the feed's words in theirs. */
export const calendarLanguageQuery = (language?: Language): string =>
  language && language !== "en" ? `?lang=${language}` : "";

/** The feed's addresses on this server: webcal:// to subscribe, http(s):// to paste into a calendar. */
export function calendarFeedUrls(location: Pick<Location, "host" | "protocol">, language?: Language) {
  const feed = `${withBase("/calendar.ics")}${calendarLanguageQuery(language)}`;
  return {
    webcal: `webcal://${location.host}${feed}`,
    https: `${location.protocol}//${location.host}${feed}`,
  };
}
