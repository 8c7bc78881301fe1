import { formatMoney as formatAmount, MONTH_NAMES } from "@club/shared";
import { clubSettings } from "./clubSettings";
import { appLocale, isAmerican } from "./locale";

/**
 * An amount in the API's unit (the club currency's major unit) in the club's currency and the
 * reader's locale: "$1,052.50" or "-$12.00" in en-US, "1.052,50 €" in de-DE. `short`: "$12" for a
 * whole amount (the About page's figures).
 */
export function formatMoney(amount: number, opts: { short?: boolean; locale?: string } = {}): string {
  return formatAmount(amount, { ...moneyFormat(), ...opts });
}

/** The club's currency and the reader's locale, for the shared formatters. */
export const moneyFormat = () => ({ currency: clubSettings().currency, locale: appLocale() });

/**
 * What an amount input shows before the number: the club currency's sign in the reader's locale
 * with a space after a code ("$", "€", "SEK "), as Intl writes a sign before an amount.
 */
export function currencyPrefix(): string {
  const { currency, locale } = moneyFormat();
  try {
    const sign =
      new Intl.NumberFormat(locale, { style: "currency", currency })
        .formatToParts(1)
        .find((part) => part.type === "currency")?.value ?? currency;
    return /^[A-Za-z]+$/.test(sign) ? `${sign} ` : sign;
  } catch {
    return `${currency} `;
  }
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "March 2026" for "2026-03" in en-US, the locale's month and year elsewhere ("März 2026",
 * "2026年3月"); "Nothing yet" for null.
 */
export function formatMonth(month: string | null, locale: string = appLocale()): string {
  if (!month) return "Nothing yet";
  const index = Number(month.slice(5, 7)) - 1;
  const name = MONTH_NAMES[index];
  if (!name) return month;
  if (isAmerican(locale)) return `${name} ${month.slice(0, 4)}`;
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", timeZone: "UTC" });
    monthFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(month.slice(0, 4)), index, 1)));
}

/** The current month as YYYY-MM (local time). */
export function thisMonth(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}
