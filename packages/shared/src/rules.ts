// No zod here: the web's first screen imports these (the meeting rule) without the schemas.

/**
 * The club's rules as the product's About page states them. The About page, the meeting rule and the
 * dues ledger all read these, so the page and the ledger cannot disagree.
 */
export const CLUB_RULES = {
  /** Meetings: the second Friday of each month at 7:00 PM in the club's time zone. */
  meetingWeekday: 5, // Friday (0 = Sunday)
  meetingWeekOfMonth: 2,
  meetingTime: "19:00",
  meetingTimeLabel: "7:00 PM",
  meetingDurationHours: 3,
  /** Dues, in cents. */
  monthlyDuesCents: 1200,
  joiningFeeCents: 4000,
  /** Hardship waivers: 1 to 6 months, to members of more than 12 months, 6 months per 12. */
  waiverMaxMonths: 6,
  waiverMinMembershipMonths: 12,
  waiverWindowMonths: 12,
} as const;

/** "$12" for whole dollars, "$12.50" otherwise. */
export const dollars = (cents: number): string =>
  `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
