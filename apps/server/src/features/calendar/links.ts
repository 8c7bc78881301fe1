/** A meeting as the calendar apps' "add an event" links take it. */
export interface CalendarLinkEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
  /** Where (omitted when the club has not said). */
  place: string | null;
  /** The club's IANA time zone: Google shows the event in it. */
  timeZone: string;
}

/** 20261211T190000Z: an instant in UTC, as Google Calendar's `dates` takes it. */
const googleStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** 2026-12-11T19:00:00Z: an instant in UTC, as Outlook's `startdt` and `enddt` take it. */
const isoStamp = (at: Date) => at.toISOString().replace(/\.\d{3}/, "");

/** Google Calendar's event template: title, the instants in UTC, the club's time zone, details, place. */
export function googleCalendarLink(e: CalendarLinkEvent): string {
  const q = new URLSearchParams({
    action: "TEMPLATE",
    text: e.title,
    dates: `${googleStamp(e.start)}/${googleStamp(e.end)}`,
    ctz: e.timeZone,
    details: e.details,
  });
  if (e.place) q.set("location", e.place);
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** Outlook on the web's compose deep link: subject, the instants in UTC, body, place. */
export function outlookCalendarLink(e: CalendarLinkEvent): string {
  const q = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: e.title,
    startdt: isoStamp(e.start),
    enddt: isoStamp(e.end),
    body: e.details,
  });
  if (e.place) q.set("location", e.place);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q.toString()}`;
}
