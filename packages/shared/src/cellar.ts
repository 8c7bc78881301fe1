/**
 * The cellar's arithmetic, shared by the server's queries and the screens (issue 14).
 * A bottle's status: "open" when a purchase is opened and not finished, else "sealed" when a
 * purchase is not finished, else "finished" when it was bought at all, else "never_bought".
 */
export const BOTTLE_STATUSES = ["sealed", "open", "finished", "never_bought"] as const;
export type BottleStatus = (typeof BOTTLE_STATUSES)[number];

/** A bottle's size when nobody said otherwise, in ml. */
export const DEFAULT_BOTTLE_ML = 700;
/** A pour when the flight does not say otherwise, in ml (meeting_bottles.pour_ml's default). */
export const STANDARD_POUR_ML = 25;

/** Price per standard pour in cents: price / (size / 25 ml), rounded to the cent. */
export const costPerPourCents = (priceCents: number, sizeMl: number): number =>
  Math.round((priceCents * STANDARD_POUR_ML) / Math.max(sizeMl, 1));
