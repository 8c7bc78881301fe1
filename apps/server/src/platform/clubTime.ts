import { CLUB_RULES, ruleMeetingDay, type ClubRules } from "@club/shared";

/**
 * A formatter per locale and time zone, made once: a formatter costs far more to make than to use.
 * `options` must be the same on every call with that locale (each caller passes its own constant).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

const DAY = { year: "numeric", month: "2-digit", day: "2-digit" } as const;

/** The calendar date (YYYY-MM-DD) it is now in a time zone. */
export function dateIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return formatIn("en-CA", timeZone, DAY).format(now);
}

/** The month (YYYY-MM) it is now in a time zone. */
export const monthIn = (timeZone: string, now: Date = new Date()): string =>
  dateIn(timeZone, now).slice(0, 7);

/** "2026-11" + n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Whole months from a to b (b - a). */
export function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split("-").map(Number) as [number, number];
  const [by, bm] = b.split("-").map(Number) as [number, number];
  return by * 12 + bm - (ay * 12 + am);
}

type MeetingRule = Pick<ClubRules, "meetingWeekday" | "meetingWeekOfMonth">;

/** The club's meeting day of a month by its rule (by default the second Friday), YYYY-MM-DD. */
export const meetingDayOf = (month: string, rule: MeetingRule = CLUB_RULES): string =>
  ruleMeetingDay(month, rule);

/** The first meeting day on or after a date, by the club's rule. */
export function ruleDateOnOrAfter(date: string, rule: MeetingRule = CLUB_RULES): string {
  const thisMonth = meetingDayOf(date.slice(0, 7), rule);
  return thisMonth >= date ? thisMonth : meetingDayOf(addMonths(date.slice(0, 7), 1), rule);
}

/** The UTC offset of a zone at an instant, in minutes (e.g. -300 for New York in winter). */
export function offsetMinutes(timeZone: string, at: Date): number {
  const format = formatIn("en-US", timeZone, {
    ...DAY,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a local wall-clock time (date YYYY-MM-DD, time HH:MM) happens in a zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const naive = Date.parse(`${date}T${time}:00Z`);
  // Two passes settle the offset on either side of a daylight-saving change.
  let instant = naive - offsetMinutes(timeZone, new Date(naive)) * 60_000;
  instant = naive - offsetMinutes(timeZone, new Date(instant)) * 60_000;
  return new Date(instant);
}
