import { timeLabel, type ClubRules } from "@club/shared";

export const WEEK_CHOICES = ["First", "Second", "Third", "Fourth"].map((label, i) => ({
  value: String(i + 1),
  label,
}));

export const WEEKDAY_CHOICES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
].map((label, i) => ({ value: String(i), label }));

/** "2026-11" + n months. */
export function addMonthsTo(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "The club meets on the second Friday of each month at 7:00 PM." */
export const clubSettingsText = (
  rule: Pick<ClubRules, "meetingWeekday" | "meetingWeekOfMonth" | "meetingTime">,
) =>
  `The club meets on the ${WEEK_CHOICES[rule.meetingWeekOfMonth - 1]?.label.toLowerCase() ?? ""} ${
    WEEKDAY_CHOICES[rule.meetingWeekday]?.label ?? ""
  } of each month at ${/^\d{2}:\d{2}$/.test(rule.meetingTime) ? timeLabel(rule.meetingTime) : "…"}.`;
