import { CLUB_RULES } from "@club/shared";
import { vtimezone } from "./vtimezone";

export interface CalendarEvent {
  uid: string;
  /** YYYY-MM-DD, local to the calendar's zone; starts at the club's meeting time. */
  date: string;
  sequence: number;
  summary: string;
  description: string;
  url: string;
  cancelled: boolean;
}

/** Text values: backslash, semicolon, comma and newlines escaped (RFC 5545, 3.3.11). */
export const escapeText = (value: string): string =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines longer than 75 octets folded with CRLF and a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** An RFC 5545 calendar of the club's meetings in its time zone. */
export function buildCalendar(opts: {
  name: string;
  /** HH:MM in the club's time zone (the club's rule). */
  meetingTime?: string;
  timeZone: string;
  /** Where the club meets (CLUB_PLACE): each event's LOCATION; none when null. */
  place?: string | null;
  events: CalendarEvent[];
  now: Date;
}): string {
  const years = opts.events.map((e) => Number(e.date.slice(0, 4)));
  const thisYear = opts.now.getUTCFullYear();
  const fromYear = Math.min(thisYear, ...years) - 1;
  // Exact changes for the years around now; the last year's repeat (RRULE) for meetings beyond.
  const toYear = Math.min(Math.max(thisYear, ...years), thisYear + 5) + 1;
  const time = (opts.meetingTime ?? CLUB_RULES.meetingTime).replace(":", "") + "00";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Whiskey Tasting Club//Meetings//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    `X-WR-TIMEZONE:${opts.timeZone}`,
    ...vtimezone(opts.timeZone, fromYear, toYear),
  ];
  for (const e of opts.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(opts.now)}`,
      `DTSTART;TZID=${opts.timeZone}:${e.date.replace(/-/g, "")}T${time}`,
      `DURATION:PT${CLUB_RULES.meetingDurationHours}H`,
      `SEQUENCE:${e.sequence}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      ...(opts.place ? [`LOCATION:${escapeText(opts.place)}`] : []),
      `URL:${e.url}`,
      `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
