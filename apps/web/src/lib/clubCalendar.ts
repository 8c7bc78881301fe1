import { clubSettings } from "./clubSettings";
import { formatClockTime } from "./format";

const pad = (n: number) => String(n).padStart(2, "0");

/** The meeting day of a month by the club's rule (the second Friday), as YYYY-MM-DD. month: 1-12. */
export function meetingDayOf(year: number, month: number): string {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const rule = clubSettings();
  const firstMatch = 1 + ((rule.meetingWeekday - firstWeekday + 7) % 7);
  const day = firstMatch + (rule.meetingWeekOfMonth - 1) * 7;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The first meeting day by the rule on or after `today` (YYYY-MM-DD) that has no meeting yet
 * (`taken`: the dates of the meetings there are). Looks 20 years ahead at most.
 */
export function nextFreeMeetingDay(today: string, taken: Iterable<string>): string | null {
  const used = new Set([...taken].map((date) => date.slice(0, 10)));
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  for (let i = 0; i < 240; i++) {
    const day = meetingDayOf(year, month);
    if (day >= today && !used.has(day)) return day;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return null;
}

/** "7:00 PM" for "19:00" (in en-US; the locale's time elsewhere). */
export const formatTime = (hhmm: string): string => formatClockTime(hhmm);

/** The meetings on or after `today` (soonest first), then the ones before it (latest first). */
export function splitMeetings<T extends { date: string }>(meetings: T[], today: string) {
  const upcoming = meetings.filter((m) => m.date.slice(0, 10) >= today);
  const past = meetings.filter((m) => m.date.slice(0, 10) < today);
  upcoming.sort((a, b) => a.date.localeCompare(b.date));
  past.sort((a, b) => b.date.localeCompare(a.date));
  return { upcoming, past };
}
