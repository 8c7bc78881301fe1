import { formatMoney, timeLabel, type ClubSettings } from "@club/shared";
import { DEFAULT_SETTINGS } from "../../lib/clubSettings";
import { appLocale } from "../../lib/locale";

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
 * The About page's dues sentences, word for word: the member's Dues page explains the charges in
 * them (AboutPage.test.ts checks the About page still says each one).
 */
export function duesRuleSentences(s: ClubSettings) {
  const f = aboutFigures(s);
  return {
    monthly: `Dues are ${f.monthly} per month.`,
    firstMeeting: "Your first meeting is free.",
    joining: `Joining costs ${f.joining}, so the first payment is ${f.firstPayment} (${f.joining} joining plus ${f.monthly} dues).`,
    waiver: `Dues may be waived for up to ${f.waiverMonths} months for members of over ${f.waiverMembershipMonths} months who face financial hardship.`,
  } as const;
}

/** A new club's dues sentences (the spec's). */
export const DUES_RULE_SENTENCES = duesRuleSentences(DEFAULT_SETTINGS);
