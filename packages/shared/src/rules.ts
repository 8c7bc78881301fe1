// No zod here: the web's first screen imports these (the meeting rule) without the schemas.

/** The club's rules an admin sets in Club settings (settings.ts); the defaults are CLUB_RULES. */
export interface ClubRules {
  /** 0 = Sunday ... 6 = Saturday. */
  meetingWeekday: number;
  /** 1 to 4: which of the month's such weekdays. */
  meetingWeekOfMonth: number;
  /** HH:MM, 24 h, in the club's time zone. */
  meetingTime: string;
  meetingDurationHours: number;
  /** Dues, in cents of the club's currency. */
  monthlyDuesCents: number;
  joiningFeeCents: number;
  /** Hardship waivers: 1 to waiverMaxMonths months, to members of more than waiverMinMembershipMonths. */
  waiverMaxMonths: number;
  waiverMinMembershipMonths: number;
  waiverWindowMonths: number;
}

/**
 * The club's rules as the product's About page states them: the defaults of a club whose admin has
 * changed nothing. The About page, the meeting rule and the dues ledger all read the club's
 * settings, which start from these, so the page and the ledger cannot disagree.
 */
export const CLUB_RULES = {
  /** Meetings: the second Friday of each month at 7:00 PM in the club's time zone. */
  meetingWeekday: 5, // Friday (0 = Sunday)
  meetingWeekOfMonth: 2,
  meetingTime: "19:00",
  meetingDurationHours: 3,
  /** Dues, in cents. */
  monthlyDuesCents: 1200,
  joiningFeeCents: 4000,
  /** Hardship waivers: 1 to 6 months, to members of more than 12 months, 6 months per 12. */
  waiverMaxMonths: 6,
  waiverMinMembershipMonths: 12,
  waiverWindowMonths: 12,
} as const satisfies ClubRules;

/** The club's currency when CLUB_CURRENCY and the settings name none (ISO 4217). */
export const DEFAULT_CURRENCY = "USD";

/** The meeting day of a month ("2026-11") by a rule (the second Friday by default), YYYY-MM-DD. */
export function ruleMeetingDay(
  month: string,
  rules: Pick<ClubRules, "meetingWeekday" | "meetingWeekOfMonth"> = CLUB_RULES,
): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const firstWeekday = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const firstMatch = 1 + ((rules.meetingWeekday - firstWeekday + 7) % 7);
  const day = firstMatch + 7 * (rules.meetingWeekOfMonth - 1);
  return `${month}-${String(day).padStart(2, "0")}`;
}

/** "7:00 PM" for "19:00" (en-US, as the spec writes the meeting's time). */
export function timeLabel(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  const suffix = hours >= 12 ? "PM" : "AM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** The digits of a currency's minor unit (2 for USD and SEK, 0 for JPY), as Intl knows them. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Whether Intl knows a three-letter code as a currency (ISO 4217). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("currency");
  if (known) return known.includes(code);
  try {
    new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    return true;
  } catch {
    return false;
  }
}

export interface MoneyFormat {
  /** ISO 4217; USD when absent. */
  currency?: string;
  /** A BCP 47 tag; en-US when absent. */
  locale?: string;
  /** "$12" rather than "$12.00" for a whole amount (the About page's figures). */
  short?: boolean;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one money formatter: an amount in the club's currency, written in the reader's locale
 * ("$1,052.50", "-$12.00", "1.234,50 €", "¥1,200", "SEK 12.00" in en-US). `amount` is in the API's
 * unit, the currency's major unit (dollars, kronor, yen); the cents the database keeps are
 * `amount * 100` whatever the currency. A currency without a minor unit (JPY) shows none.
 */
export function formatMoney(amount: number, format: MoneyFormat = {}): string {
  const currency = format.currency ?? DEFAULT_CURRENCY;
  const locale = format.locale ?? "en-US";
  const digits = currencyDigits(currency);
  const rounded = Math.round(amount * 10 ** digits) / 10 ** digits;
  const whole = format.short === true && Number.isInteger(rounded);
  const key = `${locale} ${currency} ${whole ? 0 : digits}`;
  let formatter = moneyFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : digits,
      maximumFractionDigits: whole ? 0 : digits,
    });
    moneyFormats.set(key, formatter);
  }
  // No "-0" for an amount that rounds to nothing.
  return formatter.format(rounded === 0 ? 0 : rounded);
}

/** The same for an amount in cents, as the database and the ledger keep it. */
export const formatCents = (cents: number, format: MoneyFormat = {}): string =>
  formatMoney(cents / 100, format);

/** "$12" for whole dollars, "$12.50" otherwise (the About page's and the emails' way). */
export const dollars = (cents: number, format: Omit<MoneyFormat, "short"> = {}): string =>
  formatCents(cents, { ...format, short: true });
