import { CLUB_RULES, dollars } from "@club/shared";

const ORDINALS = ["First", "Second", "Third", "Fourth"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** The About page's figures, from the same constants as the meeting rule and the dues ledger. */
export const ABOUT_FIGURES = {
  /** "Second Friday". */
  meetingDay: `${ORDINALS[CLUB_RULES.meetingWeekOfMonth - 1]} ${WEEKDAYS[CLUB_RULES.meetingWeekday]}`,
  /** "second Friday", inside a sentence. */
  meetingDayInText: `${ORDINALS[CLUB_RULES.meetingWeekOfMonth - 1]?.toLowerCase()} ${WEEKDAYS[CLUB_RULES.meetingWeekday]}`,
  meetingTime: CLUB_RULES.meetingTimeLabel,
  monthly: dollars(CLUB_RULES.monthlyDuesCents),
  joining: dollars(CLUB_RULES.joiningFeeCents),
  firstPayment: dollars(CLUB_RULES.joiningFeeCents + CLUB_RULES.monthlyDuesCents),
  /** "six", as docs/product.md words it. */
  waiverMonths: NUMBER_WORDS[CLUB_RULES.waiverMaxMonths] ?? String(CLUB_RULES.waiverMaxMonths),
  waiverMembershipMonths: String(CLUB_RULES.waiverMinMembershipMonths),
};

/**
 * The About page's dues sentences, word for word: the member's Dues page explains the charges in
 * them (AboutPage.test.ts checks the About page still says each one).
 */
export const DUES_RULE_SENTENCES = {
  monthly: `Dues are ${ABOUT_FIGURES.monthly} per month.`,
  firstMeeting: "Your first meeting is free.",
  joining: `Joining costs ${ABOUT_FIGURES.joining}, so the first payment is ${ABOUT_FIGURES.firstPayment} (${ABOUT_FIGURES.joining} joining plus ${ABOUT_FIGURES.monthly} dues).`,
  waiver: `Dues may be waived for up to ${ABOUT_FIGURES.waiverMonths} months for members of over ${ABOUT_FIGURES.waiverMembershipMonths} months who face financial hardship.`,
} as const;
