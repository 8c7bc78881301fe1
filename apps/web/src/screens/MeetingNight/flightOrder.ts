import { DEFAULT_POUR_ML, type FlightInput } from "@club/shared";

/** A pour in the flight editor. */
export interface DraftPour {
  bottleId: number;
  name: string;
  pourMl: number;
  /** Its "Dram N" (pours already in the flight). */
  label?: string;
}

/** The list with the item at `index` moved by `by` places (no change past either end). */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Adds the chosen bottles at the end, in the order chosen, skipping any already poured. */
export function addPours(
  pours: readonly DraftPour[],
  chosen: readonly { id: number; name: string }[],
): DraftPour[] {
  const have = new Set(pours.map((p) => p.bottleId));
  const added = chosen
    .filter((b) => !have.has(b.id) && have.add(b.id))
    .map((b) => ({ bottleId: b.id, name: b.name, pourMl: DEFAULT_POUR_ML }));
  return [...pours, ...added];
}

export const removePour = (pours: readonly DraftPour[], index: number) => pours.filter((_, i) => i !== index);

/** The PUT body: the pours in order. */
export const toFlightInput = (id: number, pours: readonly DraftPour[]): FlightInput => ({
  id,
  pours: pours.map((p) => ({ bottleId: p.bottleId, pourMl: p.pourMl })),
});
