import type { FlightPour, Rsvp } from "@club/shared";

/** The paper sizes the sheets print on (the print stylesheet has a named @page for each). */
export const PAPERS = ["a4", "letter"] as const;
export type Paper = (typeof PAPERS)[number];

/** Where Letter is the usual paper (the United States, Canada, Mexico, the Philippines...). */
const LETTER_REGIONS = new Set(["US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "PR"]);

/** The paper a browser's language suggests: Letter in the Americas' Letter countries, else A4. */
export function defaultPaper(language: string | undefined): Paper {
  const region = language?.split(/[-_]/)[1]?.toUpperCase();
  return region && LETTER_REGIONS.has(region) ? "letter" : "a4";
}

/** What a sheet calls a pour: "Dram N" while blind and hidden, else "Dram N: the bottle's name". */
export function paperPourName(pour: FlightPour, blind: boolean): string {
  const shown = pour.bottle && (!blind || pour.revealed);
  return shown ? `${pour.label}: ${pour.bottle!.name}` : pour.label;
}

export interface PaperTaster {
  /** Printed on the sheet's name line; null: a blank line to write on. */
  name: string | null;
  /** Whose guest (guest sheets); null otherwise. */
  guestOf: string | null;
}

/**
 * A sheet for everyone who may taste: the host, the members with a place and those who said
 * "maybe" (by their answers' order), the guests who joined (the host's list), then blank sheets for
 * the rest: the guests members said they bring who have not joined, unless the caller chose a
 * number. Each name once; at least one sheet.
 */
export function paperTasters(
  rsvps: readonly Rsvp[],
  guests: readonly { firstName: string; guestOf: string | null }[],
  blank: number | null,
  host: string | null = null,
): PaperTaster[] {
  const mayTaste = rsvps.filter(
    (r) => (r.status === "going" && r.waitlistPosition === null) || r.status === "maybe",
  );
  const members = [
    ...(host ? [host] : []),
    ...mayTaste.flatMap((r) => (r.member ? [`${r.member.firstName} ${r.member.lastName}`] : [])),
  ];
  const named: PaperTaster[] = [
    ...[...new Set(members)].map((name) => ({ name, guestOf: null })),
    ...guests.map((g) => ({ name: g.firstName, guestOf: g.guestOf })),
  ];
  const expectedGuests = mayTaste.reduce((sum, r) => sum + r.guests, 0);
  const blanks = blank ?? Math.max(0, expectedGuests - guests.length);
  const sheets = [...named, ...Array.from({ length: blanks }, () => ({ name: null, guestOf: null }))];
  return sheets.length > 0 ? sheets : [{ name: null, guestOf: null }];
}
