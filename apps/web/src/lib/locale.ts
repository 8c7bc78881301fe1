import { currentFormatLocale } from "./i18n";

/**
 * The locale the app writes dates, times, numbers and money in: the app's language's (a member's,
 * the club's or a visitor's; English is en-US, as the app always wrote). The server's first pages
 * are rendered in the same one, so the browser hydrates the same text.
 */
export const appLocale = (): string => currentFormatLocale();

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
