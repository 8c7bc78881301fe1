import { longDate, MONTH_NAMES, NEVER_USED_DATE } from "@club/shared";
import { formatMoney } from "./money";

// Dates are formatted by hand, exactly as Intl.DateTimeFormat("en-US", { timeZone: "UTC" }) would
// (format.test.ts compares the two): the first DateTimeFormat with a time zone loads time-zone data,
// 20 to 50 ms on a small machine, on the first screen.

/** The calendar date (YYYY-MM-DD) of a date or ISO timestamp string. */
export const datePart = (value: string) => value.slice(0, 10);

const toDate = (value: string) => {
  const date = new Date(`${datePart(value)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Jan 9, 2026" for "2026-01-09" or "2026-01-09T18:30:00Z"; the input itself if unparseable. */
export function formatDate(value: string): string {
  const date = toDate(value);
  if (!date) return value;
  return `${MONTH_NAMES[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Friday, January 9, 2026" (the shared longDate: emails say dates the same way). */
export const formatLongDate = longDate;

/** docs/product.md: a last-used year of 1 means the theme was never used. */
export function isNeverUsed(lastDate: string): boolean {
  return lastDate.startsWith("0001-") || lastDate === NEVER_USED_DATE || /^0*1-/.test(lastDate);
}

/** "$12.50": a price in the club's currency (lib/money.ts). */
export const formatPrice = (amount: number) => formatMoney(amount);

/** "46%" or "43.5%". */
export const formatAbv = (abv: number) => `${Number(abv.toFixed(2))}%`;

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
