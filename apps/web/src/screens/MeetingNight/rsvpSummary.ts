import type { Rsvp } from "@club/shared";
import { nightText } from "./nightMessages";

export interface RsvpGroups {
  going: Rsvp[];
  waiting: Rsvp[];
  maybe: Rsvp[];
  declined: Rsvp[];
  /** Members and guests with a place. */
  people: number;
  guests: number;
}

/** Who is coming, grouped: a place, the waitlist (in order), maybe, not going. */
export function groupRsvps(rsvps: readonly Rsvp[]): RsvpGroups {
  const going = rsvps.filter((r) => r.status === "going" && r.waitlistPosition === null);
  const waiting = rsvps
    .filter((r) => r.status === "going" && r.waitlistPosition !== null)
    .sort((a, b) => a.waitlistPosition! - b.waitlistPosition!);
  const guests = going.reduce((sum, r) => sum + r.guests, 0);
  return {
    going,
    waiting,
    maybe: rsvps.filter((r) => r.status === "maybe"),
    declined: rsvps.filter((r) => r.status === "declined"),
    people: going.length + guests,
    guests,
  };
}

export const fullName = (m: { firstName: string; lastName: string; guest?: boolean }) =>
  m.guest ? nightText("guestName", { name: m.firstName }) : `${m.firstName} ${m.lastName}`;

/** "+1 guest", "+2 guests", or nothing. */
export const guestsLabel = (guests: number) => (guests === 0 ? "" : nightText("guests", { count: guests }));
