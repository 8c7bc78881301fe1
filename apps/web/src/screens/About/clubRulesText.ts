import { formatMoney, SOURCE_LANGUAGE, timeLabel, type ClubSettings, type Language } from "@club/shared";
import { DEFAULT_SETTINGS } from "../../lib/clubSettings";
import { defineMessages, translate } from "../../lib/i18n";
import { appLocale } from "../../lib/locale";
import about from "../../locales/en/about.json";

/** The About page's texts: src/locales/<language>/about.json. */
export const aboutMessages = defineMessages("about", about);

const ORDINALS = ["First", "Second", "Third", "Fourth"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** "Second Friday" for a meeting rule. */
export const meetingDayLabel = (s: Pick<ClubSettings, "meetingWeekOfMonth" | "meetingWeekday">) =>
  `${ORDINALS[s.meetingWeekOfMonth - 1] ?? ""} ${WEEKDAYS[s.meetingWeekday] ?? ""}`;

/** The About page's figures, from the club's settings: the same as the meeting rule and the dues ledger. */
export function aboutFigures(s: ClubSettings) {
  const money = (amount: number) =>
    formatMoney(amount, { currency: s.currency, locale: appLocale(), short: true });
  return {
    /** "Second Friday". */
    meetingDay: meetingDayLabel(s),
    /** "second Friday", inside a sentence. */
    meetingDayInText: `${ORDINALS[s.meetingWeekOfMonth - 1]?.toLowerCase() ?? ""} ${WEEKDAYS[s.meetingWeekday] ?? ""}`,
    meetingTime: timeLabel(s.meetingTime),
    monthly: money(s.monthlyDues),
    joining: money(s.joiningFee),
    firstPayment: money(s.firstPayment),
    /** "six", as docs/product.md words it. */
    waiverMonths: NUMBER_WORDS[s.waiverMaxMonths] ?? String(s.waiverMaxMonths),
    waiverMembershipMonths: String(s.waiverMinMembershipMonths),
  };
}

/** A new club's figures (the spec's). */
export const ABOUT_FIGURES = aboutFigures(DEFAULT_SETTINGS);

/**
 * The About page's dues sentences in a language (English: word for word the product's): the
 * member's Dues page explains the charges in them (AboutPage.test.ts checks the About page still
 * says each one).
 */
export function duesRuleSentences(s: ClubSettings, language: Language = SOURCE_LANGUAGE) {
  const f = aboutFigures(s);
  const money = { monthly: f.monthly, joining: f.joining, first: f.firstPayment };
  const t = (key: keyof typeof about, values?: Record<string, string | number>) =>
    translate(language, aboutMessages, key, values);
  return {
    monthly: t("duesPerMonth", money),
    firstMeeting: t("firstFree"),
    joining: t("joining", money),
    waiver: t("waiver", { months: s.waiverMaxMonths, membership: s.waiverMinMembershipMonths }),
  } as const;
}

/** A new club's dues sentences (the spec's). */
export const DUES_RULE_SENTENCES = duesRuleSentences(DEFAULT_SETTINGS);
