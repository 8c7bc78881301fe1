import type { StateItem } from "@club/shared";

/**
 * The states (regions) that fit a country: its own and those of no country ("Other"). With no
 * country chosen every region is offered.
 */
export function regionsForCountry<T extends Pick<StateItem, "countryId">>(
  states: readonly T[],
  countryId: number | null,
): T[] {
  if (countryId === null) return [...states];
  return states.filter((state) => state.countryId === null || state.countryId === countryId);
}

/** Whether the region may stay when the country becomes `countryId` (no region always fits). */
export function regionFitsCountry(
  states: readonly Pick<StateItem, "id" | "countryId">[],
  stateId: number | null,
  countryId: number | null,
): boolean {
  if (stateId === null || countryId === null) return true;
  const state = states.find((item) => item.id === stateId);
  // An unknown region (the list has not loaded) is left alone.
  return state === undefined || state.countryId === null || state.countryId === countryId;
}
