import { findMemberLanguage, type Db } from "@club/db";
import {
  dollars,
  formatMessage,
  longDate,
  monthLabel,
  SOURCE_LANGUAGE,
  timeLabel,
  type Catalogue,
  type Language,
  type MessageValues,
} from "@club/shared";
import de from "../locales/de/email.json";
import en from "../locales/en/email.json";
import enXA from "../locales/en-XA/email.json";
import fr from "../locales/fr/email.json";
import ja from "../locales/ja/email.json";
import sv from "../locales/sv/email.json";
import { clubLanguage, formatLocaleOf, memberLanguage } from "./i18n";

/**
 * The emails' words (`locales/<language>/email.json`), and their dates, times and money in the
 * recipient's language. English is the source: word for word what the emails have always said,
 * its dates and times as the spec writes them ("Friday, December 4, 2026", "7:00 PM").
 */
const CATALOGUES: Record<Language, Catalogue> = { en, de, sv, fr, ja, "en-XA": enXA };

export type EmailKey = keyof typeof en;

/** An email's sentence in `language`, with its values. */
export const emailText = (language: Language, key: EmailKey, values?: MessageValues): string =>
  formatMessage(language, CATALOGUES[language][key] ?? en[key], values);

/** "Friday, December 4, 2026" for "2026-12-04" in English; the language's own long date otherwise. */
export function emailDate(language: Language, date: string): string {
  if (language === SOURCE_LANGUAGE) return longDate(date);
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(formatLocaleOf(language), { dateStyle: "full", timeZone: "UTC" }).format(
    day,
  );
}

/** "7:00 PM" for "19:00" in English; the language's own clock time otherwise ("19:00"). */
export function emailTime(language: Language, hhmm: string): string {
  if (language === SOURCE_LANGUAGE) return timeLabel(hhmm);
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return new Intl.DateTimeFormat(formatLocaleOf(language), {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** "November 2026" for "2026-11" in English; the language's own month and year otherwise. */
export function emailMonth(language: Language, month: string): string {
  if (language === SOURCE_LANGUAGE) return monthLabel(month);
  const first = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(first.getTime())) return month;
  return new Intl.DateTimeFormat(formatLocaleOf(language), {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(first);
}

/** An amount in cents in the club's currency, the way the recipient's language writes it. */
export const emailMoney = (language: Language, cents: number, currency: string): string =>
  dollars(cents, { currency, locale: formatLocaleOf(language) });

/** The language a member's emails are in: theirs, else the club's. */
export const recipientLanguage = (
  deps: { db: Db; config: { clubLanguage: Language } },
  memberId: number,
): Language => memberLanguage(findMemberLanguage(deps.db, memberId), clubLanguage(deps));
