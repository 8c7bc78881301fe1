/**
 * The locale the app writes dates, times, numbers and money in: the browser's for now. The one
 * place to change when a member's or the club's language decides it. The server's first pages are
 * rendered in en-US (it has no browser to ask).
 */
export function appLocale(): string {
  const language = typeof navigator === "undefined" ? undefined : navigator.language;
  if (!language) return "en-US";
  try {
    return Intl.getCanonicalLocales(language)[0] ?? "en-US";
  } catch {
    return "en-US";
  }
}

/** Whether a locale writes dates and numbers as the app always has (American English). */
export const isAmerican = (locale: string) => locale === "en-US" || locale === "en";

/** The first day of the week in a locale (0 = Sunday, 1 = Monday, ... 6 = Saturday). */
export function firstDayOfWeek(locale: string = appLocale()): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay;
    // Intl says 1 (Monday) to 7 (Sunday).
    if (firstDay !== undefined) return firstDay % 7;
  } catch {
    // An engine without week data: the region's usual day below.
  }
  const region = locale.split("-")[1]?.toUpperCase();
  return region === undefined || ["US", "CA", "JP", "BR", "IL", "KR", "MX", "PH", "IN"].includes(region)
    ? 0
    : 1;
}
