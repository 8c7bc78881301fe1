import type { ClubRules } from "@club/shared";
import clubSettings from "../../locales/en/clubSettings.json";
import { currentLanguage, defineMessages, translate } from "../../lib/i18n";
import { formatClockTime, weekdayName } from "../../lib/format";

/** The Club settings screen: src/locales/<language>/clubSettings.json. */
export const clubSettingsMessages = defineMessages("clubSettings", clubSettings);
export type ClubSettingsKey = keyof typeof clubSettings;
const text = (key: ClubSettingsKey, values?: Record<string, string | number>) =>
  translate(currentLanguage(), clubSettingsMessages, key, values);

const WEEK_KEYS = ["week.1", "week.2", "week.3", "week.4"] as const;
export const weekChoices = () => WEEK_KEYS.map((key, i) => ({ value: String(i + 1), label: text(key) }));

export const weekdayChoices = () =>
  Array.from({ length: 7 }, (_, i) => ({ value: String(i), label: weekdayName(i) }));

/** "2026-11" + n months. */
export function addMonthsTo(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "The club meets on the second Friday of each month at 7:00 PM.", in the reader's language. */
export const clubSettingsText = (
  rule: Pick<ClubRules, "meetingWeekday" | "meetingWeekOfMonth" | "meetingTime">,
) =>
  text("meets", {
    week: String(rule.meetingWeekOfMonth),
    weekday: rule.meetingWeekday >= 0 && rule.meetingWeekday <= 6 ? weekdayName(rule.meetingWeekday) : "",
    time: /^\d{2}:\d{2}$/.test(rule.meetingTime) ? formatClockTime(rule.meetingTime) : "…",
  });
