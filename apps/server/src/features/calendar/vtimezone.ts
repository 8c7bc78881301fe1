import { offsetMinutes } from "../../platform/clubTime";

/**
 * A VTIMEZONE for an IANA zone over some years, built from the runtime's own time zone data
 * (Node's ICU, updated with Node) rather than a bundled table that ages: each change of offset in
 * the range becomes one STANDARD or DAYLIGHT observance with its exact onset.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const DAY = 86_400_000;
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  const first = offsetMinutes(timeZone, new Date(start));
  lines.push(...observance("STANDARD", first, first, start + first * 60_000, timeZone, start));
  let before = first;
  for (let t = start + DAY; t <= end; t += DAY) {
    const now = offsetMinutes(timeZone, new Date(t));
    if (now === before) continue;
    // The change happened within the last day: find its minute.
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(timeZone, new Date(mid)) === before) lo = mid;
      else hi = mid;
    }
    const kind = now > before ? "DAYLIGHT" : "STANDARD";
    lines.push(...observance(kind, before, now, hi + before * 60_000, timeZone, hi));
    before = now;
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

function observance(
  kind: "STANDARD" | "DAYLIGHT",
  from: number,
  to: number,
  localOnset: number,
  timeZone: string,
  instant: number,
): string[] {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(new Date(instant))
    .find((p) => p.type === "timeZoneName")?.value;
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localStamp(localOnset)}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ];
}

/** A local date-time from a "UTC-shaped" millisecond count: 20261108T020000. */
export const localStamp = (ms: number): string =>
  new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15);

const offsetText = (minutes: number): string => {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
};
