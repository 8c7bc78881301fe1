import type { BottleListItem as SpecBottle } from "@club/shared";

/** A library row: the spec's bottle list item, plus the club's average score once known. */
export type BottleListItem = SpecBottle & { clubScore?: number | null };

export type SortKey = "name" | "brand" | "drinkType" | "country" | "state" | "abv" | "clubScore";
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

const NON_ASCII = /[\u0080-\uffff]/;
const DIACRITICS = /[\u0300-\u036f]/g;
const DIGITS = /\d+/g;

/** A cheap stand-in for the collator: lower case, no accents, digit runs padded to sort as numbers. */
function roughKey(value: string): string {
  const folded = NON_ASCII.test(value) ? value.normalize("NFD").replace(DIACRITICS, "") : value;
  return folded.toLowerCase().replace(DIGITS, (run) => run.padStart(12, "0"));
}

/**
 * Orders `values` as the collator does (ties broken by `tie`, then by index) and ranks them:
 * `ranks[i]` is the place of values[i] among the distinct values, collator-equal values sharing one.
 *
 * Intl.Collator is slow (about 100 ms to sort 10,000 names on a small machine), so the values are
 * first sorted by a cheap key and the result is checked pair by pair with the collator (n - 1
 * comparisons). Only when the cheap key got some pair wrong (unusual punctuation or symbols) is the
 * list sorted with the collator itself. Either way the order is exactly the collator's.
 */
export function collationRanks(
  values: readonly string[],
  tie: (a: number, b: number) => number = (a, b) => a - b,
): { order: number[]; ranks: Int32Array } {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i);
  const exact = (a: number, b: number) => collator.compare(values[a]!, values[b]!) || tie(a, b) || a - b;
  const keys = values.map(roughKey);
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    return ka < kb ? -1 : ka > kb ? 1 : tie(a, b) || a - b;
  });
  const ranks = new Int32Array(n);
  const rank = (): boolean => {
    let current = 0;
    if (n > 0) ranks[order[0]!] = 0;
    for (let p = 1; p < n; p++) {
      const previous = order[p - 1]!;
      const index = order[p]!;
      const byValue = collator.compare(values[previous]!, values[index]!);
      if (byValue > 0 || (byValue === 0 && (tie(previous, index) || previous - index) > 0)) return false;
      if (byValue !== 0) current++;
      ranks[index] = current;
    }
    return true;
  };
  if (!rank()) {
    order.sort(exact);
    rank();
  }
  return { order, ranks };
}

/** What sorting one list needs, computed once per list (and per column, on its first sort). */
class SortIndex {
  /** The place of each bottle in (name, id) order: the tie-break of every sort. */
  readonly nameRank: Int32Array;
  /** Collator-equal names share a rank here (a name sort then falls back to the id, both ways). */
  private readonly nameGroup: Int32Array;
  private readonly primary = new Map<SortKey, Float64Array>();
  private readonly sorted = new Map<string, readonly BottleListItem[]>();

  constructor(private readonly bottles: readonly BottleListItem[]) {
    const { order, ranks } = collationRanks(
      bottles.map((b) => b.name),
      (a, b) => bottles[a]!.id - bottles[b]!.id,
    );
    this.nameGroup = ranks;
    this.nameRank = new Int32Array(bottles.length);
    order.forEach((index, place) => (this.nameRank[index] = place));
  }

  /** The sort value of each bottle for a column (a rank for text, the ABV itself); NaN when missing. */
  private primaryOf(key: SortKey): Float64Array {
    let values = this.primary.get(key);
    if (values) return values;
    const out = new Float64Array(this.bottles.length);
    values = out;
    if (key === "abv" || key === "clubScore") {
      this.bottles.forEach((b, i) => {
        const value = b[key];
        out[i] = typeof value === "number" ? value : Number.NaN;
      });
    } else if (key === "name") {
      values.set(this.nameGroup);
    } else {
      const distinct = [...new Set(this.bottles.map((b) => b[key]).filter((v) => v !== null))];
      const { ranks } = collationRanks(distinct);
      const rankOf = new Map(distinct.map((value, i) => [value, ranks[i]!]));
      this.bottles.forEach((b, i) => {
        const value = b[key];
        out[i] = value === null ? Number.NaN : rankOf.get(value)!;
      });
    }
    this.primary.set(key, values);
    return values;
  }

  sort({ key, direction }: SortState): readonly BottleListItem[] {
    const cacheKey = `${key} ${direction}`;
    const cached = this.sorted.get(cacheKey);
    if (cached) return cached;
    const primary = this.primaryOf(key);
    const nameRank = this.nameRank;
    const sign = direction === "asc" ? 1 : -1;
    const order = Array.from({ length: this.bottles.length }, (_, i) => i);
    order.sort((a, b) => {
      const left = primary[a]!;
      const right = primary[b]!;
      const leftMissing = Number.isNaN(left);
      const rightMissing = Number.isNaN(right);
      if (leftMissing || rightMissing) {
        if (leftMissing !== rightMissing) return leftMissing ? 1 : -1;
      } else if (left !== right) {
        return (left - right) * sign;
      }
      return nameRank[a]! - nameRank[b]!;
    });
    const result = order.map((i) => this.bottles[i]!);
    this.sorted.set(cacheKey, result);
    return result;
  }
}

const indexes = new WeakMap<readonly BottleListItem[], SortIndex>();

/**
 * The list in the given order (the input is not changed). Text compares case-insensitively
 * (collator "en", base sensitivity, numeric), ABV numerically; a missing value ('N/A') always sorts
 * last, in both directions; ties fall back to the name, then the id.
 *
 * Built for 10,000 bottles: the collator runs once per list and column (on distinct values), a
 * sort compares numbers only, and each order is kept for as long as the list is (the query cache
 * keeps the same array while the data does not change). Treat the result as read-only.
 */
export function sortBottles(bottles: readonly BottleListItem[], sort: SortState): readonly BottleListItem[] {
  let index = indexes.get(bottles);
  if (!index) {
    index = new SortIndex(bottles);
    indexes.set(bottles, index);
  }
  return index.sort(sort);
}

const haystacks = new WeakMap<BottleListItem, string>();

/** Bottles whose name, brand, type, country or state contains the query, ignoring case; order kept. */
export function filterBottles(bottles: readonly BottleListItem[], query: string): readonly BottleListItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return bottles;
  return bottles.filter((b) => {
    let haystack = haystacks.get(b);
    if (haystack === undefined) {
      haystack = [b.name, b.brand, b.drinkType, b.country, b.state]
        .filter((v) => v !== null)
        .join("\n")
        .toLowerCase();
      haystacks.set(b, haystack);
    }
    return haystack.includes(needle);
  });
}
