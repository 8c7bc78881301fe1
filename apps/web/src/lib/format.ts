import { longDate, MONTH_NAMES, NEVER_USED_DATE, WEEKDAY_NAMES } from "@club/shared";
import { formatMoney } from "./money";
import { appLocale, isAmerican } from "./locale";

/** A formatter per locale and kind, made once (making one costs far more than using it). */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatOf<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}
const dateFormat = (locale: string, kind: string, options: Intl.DateTimeFormatOptions) =>
  formatOf(`${kind} ${locale}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }));

// Dates are formatted by hand, exactly as Intl.DateTimeFormat("en-US", { timeZone: "UTC" }) would
// (format.test.ts compares the two): the first DateTimeFormat with a time zone loads time-zone data,
// 20 to 50 ms on a small machine, on the first screen.

/** The calendar date (YYYY-MM-DD) of a date or ISO timestamp string. */
export const datePart = (value: string) => value.slice(0, 10);

const toDate = (value: string) => {
  const date = new Date(`${datePart(value)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * "Jan 9, 2026" for "2026-01-09" or "2026-01-09T18:30:00Z" in en-US, in the locale's numeric date
 * elsewhere ("09.01.2026" in de-DE, "2026-01-09" in sv-SE); the input itself if unparseable.
 */
export function formatDate(value: string, locale: string = appLocale()): string {
  const date = toDate(value);
  if (!date) return value;
  if (!isAmerican(locale))
    return dateFormat(locale, "date", { year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
  return `${MONTH_NAMES[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * "Friday, January 9, 2026" in en-US (the shared longDate: emails say dates the same way), the
 * locale's full date elsewhere ("Freitag, 9. Januar 2026").
 */
export function formatLongDate(value: string, locale: string = appLocale()): string {
  const date = toDate(value);
  if (!date || isAmerican(locale)) return longDate(value);
  return dateFormat(locale, "long", { dateStyle: "full" }).format(date);
}

/** "Sunday" (0) to "Saturday" (6) in the locale's words (7 January 2024 was a Sunday). */
export const weekdayName = (day: number, locale: string = appLocale()): string =>
  isAmerican(locale)
    ? (WEEKDAY_NAMES[day] ?? "")
    : dateFormat(locale, "weekday", { weekday: "long" }).format(new Date(Date.UTC(2024, 0, 7 + day)));

/** "7:00 PM" for "19:00" in en-US, the locale's time elsewhere ("19:00" in de-DE). */
export function formatClockTime(hhmm: string, locale: string = appLocale()): string {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  if (isAmerican(locale))
    return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${hours >= 12 ? "PM" : "AM"}`;
  return dateFormat(locale, "time", { hour: "numeric", minute: "2-digit" }).format(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
  );
}

/** A number in the locale ("1,234.5" in en-US, "1.234,5" in de-DE), at most `digits` decimals. */
export function formatNumber(value: number, digits = 2, locale: string = appLocale()): string {
  return formatOf(
    `number ${digits} ${locale}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }),
  ).format(value);
}

/** docs/product.md: a last-used year of 1 means the theme was never used. */
export function isNeverUsed(lastDate: string): boolean {
  return lastDate.startsWith("0001-") || lastDate === NEVER_USED_DATE || /^0*1-/.test(lastDate);
}

/** "$12.50": a price in the club's currency (lib/money.ts). */
export const formatPrice = (amount: number) => formatMoney(amount);

/** "46%" or "43.5%" in en-US; the locale's decimal mark and percent sign elsewhere ("43,5 %"). */
export function formatAbv(abv: number, locale: string = appLocale()): string {
  if (isAmerican(locale)) return `${Number(abv.toFixed(2))}%`;
  return formatOf(
    `abv ${locale}`,
    () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 4 }),
  ).format(Number(abv.toFixed(2)) / 100);
}

/** Today's local calendar date as YYYY-MM-DD (the default of the date inputs). */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A missing lookup value is shown as N/A. */
export const orNA = (value: string | null | undefined) => (value ? value : "N/A");

/**
 * The number in a Mantine NumberInput value: it reports a string while the text is not a plain
 * number yet ("", "12.", "59.50" with trailing zeros). Null when empty or not a number.
 */
export function numberInputValue(value: number | string): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = value.replace(/[$,%\s]/g, "");
  if (text === "" || Number.isNaN(Number(text))) return null;
  return Number(text);
}
