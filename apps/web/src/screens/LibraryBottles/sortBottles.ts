import type { BottleListItem } from "@club/shared";

export type SortKey = "name" | "brand" | "drinkType" | "country" | "state" | "abv";
export type SortDirection = "asc" | "desc";
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: "name", direction: "asc" };

/** SPEC: the first click on a column sorts ascending; a second click on the same column toggles. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: "asc" };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * Sorts a copy of the list. Text compares case-insensitively, ABV numerically; a missing value
 * ('N/A') always sorts last, in both directions; ties fall back to the name.
 */
export function sortBottles(
  bottles: readonly BottleListItem[],
  { key, direction }: SortState,
): BottleListItem[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...bottles].sort((a, b) => {
    const left = a[key];
    const right = b[key];
    let result = 0;
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
    } else if (typeof left === "number" && typeof right === "number") {
      result = (left - right) * sign;
    } else {
      result = collator.compare(String(left), String(right)) * sign;
    }
    return result !== 0 ? result : collator.compare(a.name, b.name) || a.id - b.id;
  });
}
