import { offsetMinutes } from "../../platform/clubTime";

interface Transition {
  /** The instant of the change (ms). */
  at: number;
  from: number;
  to: number;
}

const WEEK = 7 * 86_400_000;

/** Every change of a zone's UTC offset in [start, end), to the minute. */
function transitions(timeZone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  let before = offsetMinutes(timeZone, new Date(start));
  for (let t = start + WEEK; t < end + WEEK; t += WEEK) {
    const now = offsetMinutes(timeZone, new Date(t));
    if (now === before) continue;
    let lo = t - WEEK;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(timeZone, new Date(mid)) === before) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, from: before, to: now });
    before = now;
  }
  return found;
}

/**
 * A VTIMEZONE for an IANA zone, built from the runtime's own time zone data (Node's ICU, updated
 * with Node) rather than a bundled table that ages: each change of offset from `fromYear` through
 * `toYear` is one STANDARD or DAYLIGHT observance with its exact onset, and the last year's changes
 * repeat yearly (RRULE) for the meetings beyond it.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const first = offsetMinutes(timeZone, new Date(start));
  const changes = transitions(timeZone, start, end);
  const lastYear = changes.filter((c) => new Date(c.at + c.from * 60_000).getUTCFullYear() === toYear);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  lines.push(...observance(timeZone, "STANDARD", { at: start, from: first, to: first }, false));
  for (const change of changes)
    lines.push(
      ...observance(
        timeZone,
        change.to > change.from ? "DAYLIGHT" : "STANDARD",
        change,
        lastYear.length === 2 && lastYear.includes(change),
      ),
    );
  lines.push("END:VTIMEZONE");
  return lines;
}

function observance(
  timeZone: string,
  kind: "STANDARD" | "DAYLIGHT",
  change: Transition,
  yearly: boolean,
): string[] {
  const localOnset = new Date(change.at + change.from * 60_000);
  const name = zoneAbbreviation(timeZone, new Date(change.at), change.to);
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localStamp(localOnset.getTime())}`,
    ...(yearly ? [`RRULE:${yearlyRule(localOnset)}`] : []),
    `TZOFFSETFROM:${offsetText(change.from)}`,
    `TZOFFSETTO:${offsetText(change.to)}`,
    `TZNAME:${name}`,
    `END:${kind}`,
  ];
}

/**
 * English locales whose names for zones ICU knows: en-US has the American zones (EST, PDT), en-GB
 * the European ones (BST, CET), en-IE Irish time, en-AU and en-NZ theirs, en-IN IST, en-ZA SAST,
 * en-CA Newfoundland's. The first that gives a name, not a "GMT+1", wins.
 */
const NAMING_LOCALES = ["en-US", "en-GB", "en-IE", "en-AU", "en-NZ", "en-IN", "en-ZA", "en-CA"];

/**
 * The zone's abbreviation at an instant (BST, CEST, EDT), as calendar programs show it; a zone
 * without one gets its offset in the tz database's style ("+09", "+0530"), never "GMT+1".
 */
export function zoneAbbreviation(timeZone: string, at: Date, offsetMinutes: number): string {
  for (const locale of NAMING_LOCALES) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    if (name && !/^(GMT|UTC)[+-−]/.test(name)) return name;
  }
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, "0");
  return abs % 60 === 0 ? `${sign}${hours}` : `${sign}${hours}${String(abs % 60).padStart(2, "0")}`;
}

const DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU": the weekday's place in the month (last when it is in the last week). */
function yearlyRule(local: Date): string {
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  const length = new Date(Date.UTC(local.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const ordinal = day + 7 > length ? -1 : Math.ceil(day / 7);
  return `FREQ=YEARLY;BYMONTH=${month + 1};BYDAY=${ordinal}${DAYS[local.getUTCDay()]}`;
}

/** A local date-time from a "UTC-shaped" millisecond count: 20261108T020000. */
export const localStamp = (ms: number): string =>
  new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15);

const offsetText = (minutes: number): string => {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
};
