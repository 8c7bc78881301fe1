import { describe, expect, it } from "vitest";
import {
  type BottleListItem,
  collationRanks,
  DEFAULT_SORT,
  filterBottles,
  nextSort,
  sortBottles,
  type SortKey,
  type SortState,
} from "./sortBottles";

const bottle = (id: number, name: string, brand: string | null, abv: number): BottleListItem => ({
  id,
  name,
  brand,
  drinkType: null,
  country: null,
  state: null,
  abv,
});

const list = [
  bottle(1, "lagavulin 16", "Lagavulin", 43),
  bottle(2, "Ardbeg Ten", null, 46),
  bottle(3, "Blanton's", "Buffalo Trace", 46.5),
  bottle(4, "Redbreast 12", "Redbreast", 40),
];

describe("nextSort", () => {
  it("starts ascending on a new column and toggles on the same one", () => {
    expect(DEFAULT_SORT).toEqual({ key: "name", direction: "asc" });
    const brandAsc = nextSort(DEFAULT_SORT, "brand");
    expect(brandAsc).toEqual({ key: "brand", direction: "asc" });
    expect(nextSort(brandAsc, "brand")).toEqual({ key: "brand", direction: "desc" });
    expect(nextSort(nextSort(brandAsc, "brand"), "brand")).toEqual({ key: "brand", direction: "asc" });
    expect(nextSort({ key: "brand", direction: "desc" }, "abv")).toEqual({ key: "abv", direction: "asc" });
  });
});

describe("sortBottles", () => {
  it("sorts names case-insensitively", () => {
    expect(sortBottles(list, DEFAULT_SORT).map((b) => b.id)).toEqual([2, 3, 1, 4]);
    expect(sortBottles(list, { key: "name", direction: "desc" }).map((b) => b.id)).toEqual([4, 1, 3, 2]);
  });

  it("sorts ABV numerically", () => {
    expect(sortBottles(list, { key: "abv", direction: "asc" }).map((b) => b.abv)).toEqual([40, 43, 46, 46.5]);
    expect(sortBottles(list, { key: "abv", direction: "desc" }).map((b) => b.abv)).toEqual([
      46.5, 46, 43, 40,
    ]);
  });

  it("puts missing values last in both directions", () => {
    expect(sortBottles(list, { key: "brand", direction: "asc" }).map((b) => b.id)).toEqual([3, 1, 4, 2]);
    expect(sortBottles(list, { key: "brand", direction: "desc" }).map((b) => b.id)).toEqual([4, 1, 3, 2]);
  });

  it("sorts the club score numerically, unscored bottles last both ways", () => {
    const list = [
      { ...bottle(1, "A", null, 40), clubScore: 82.5 },
      { ...bottle(2, "B", null, 40), clubScore: null },
      { ...bottle(3, "C", null, 40), clubScore: 90 },
    ];
    expect(sortBottles(list, { key: "clubScore", direction: "asc" }).map((b) => b.id)).toEqual([1, 3, 2]);
    expect(sortBottles(list, { key: "clubScore", direction: "desc" }).map((b) => b.id)).toEqual([3, 1, 2]);
  });

  it("does not mutate its input", () => {
    const copy = [...list];
    sortBottles(list, { key: "abv", direction: "desc" });
    expect(list).toEqual(copy);
  });
});

/** The straightforward implementation (a collator compare per pair): what the fast one must equal. */
function referenceSort(bottles: readonly BottleListItem[], { key, direction }: SortState): BottleListItem[] {
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const sign = direction === "asc" ? 1 : -1;
  return [...bottles].sort((a, b) => {
    const left = a[key] ?? null;
    const right = b[key] ?? null;
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

/** A seeded list with the awkward cases: case, accents, numbers, punctuation, symbols, duplicates, gaps. */
function awkwardList(size: number): BottleListItem[] {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const words = [
    "Glen",
    "glen",
    "Glén",
    "Ardbeg",
    "ardbeg",
    "Öld",
    "Old",
    "Æther",
    "_Under",
    "{Brace}",
    "~Tilde",
    "#1",
    "No. 9",
    "No. 10",
    "007",
    "7",
    "Zeta",
    "zeta",
    "a-b",
    "a b",
    "ab",
    "Ünder",
  ];
  return Array.from({ length: size }, (_, i) => ({
    id: ((i * 7919) % (size + 13)) + 1,
    name: `${pick(words)} ${pick(words)} ${Math.floor(random() * 30)}`,
    brand: random() < 0.1 ? null : pick(words),
    drinkType: random() < 0.2 ? null : pick(["Bourbon", "bourbon", "Rye", "Scotch", "Irish Whiskey"]),
    country: random() < 0.2 ? null : pick(["Scotland", "USA", "Ireland", "Japan", "Île"]),
    state: random() < 0.4 ? null : pick(["Kentucky", "Islay", "islay", "Speyside", "Tennessee"]),
    abv: Math.round(random() * 300) / 10 + 40,
  }));
}

describe("sortBottles on awkward data", () => {
  const list = awkwardList(600);
  const keys: SortKey[] = ["name", "brand", "drinkType", "country", "state", "abv"];

  it("orders exactly as a collator compare per pair would, for every column and direction", () => {
    for (const key of keys) {
      for (const direction of ["asc", "desc"] as const) {
        const fast = sortBottles(list, { key, direction }).map((b) => b.id);
        const slow = referenceSort(list, { key, direction }).map((b) => b.id);
        expect(fast, `${key} ${direction}`).toEqual(slow);
      }
    }
  });

  it("keeps each order for the same list, and starts afresh for a new list", () => {
    const first = sortBottles(list, { key: "brand", direction: "desc" });
    expect(sortBottles(list, { key: "brand", direction: "desc" })).toBe(first);
    const copy = [...list];
    expect(sortBottles(copy, { key: "brand", direction: "desc" })).not.toBe(first);
    expect(sortBottles(copy, { key: "brand", direction: "desc" })).toEqual(first);
  });
});

describe("collationRanks", () => {
  it("gives collator-equal values one rank and falls back to the collator when the cheap key is wrong", () => {
    // "~" sorts after letters by code point but before them in the collator: the check must catch it.
    const values = ["b", "~x", "A", "a", "á", "10", "9", "_y"];
    const { order, ranks } = collationRanks(values);
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    const expected = values
      .map((_, i) => i)
      .sort((x, y) => collator.compare(values[x]!, values[y]!) || x - y);
    expect(order).toEqual(expected);
    expect(ranks[values.indexOf("A")]).toBe(ranks[values.indexOf("a")]);
    expect(ranks[values.indexOf("á")]).toBe(ranks[values.indexOf("a")]);
    expect(ranks[values.indexOf("9")]).toBeLessThan(ranks[values.indexOf("10")]!);
  });
});

describe("filterBottles", () => {
  it("matches name, brand, type, country or state ignoring case, and keeps the order", () => {
    const sorted = sortBottles(list, { key: "abv", direction: "desc" });
    expect(filterBottles(sorted, "  REDBREAST ").map((b) => b.id)).toEqual([4]);
    expect(filterBottles(sorted, "a").map((b) => b.id)).toEqual(
      sorted.filter((b) => /a/i.test(b.name + (b.brand ?? ""))).map((b) => b.id),
    );
    expect(filterBottles(sorted, "")).toBe(sorted);
    expect(filterBottles(sorted, "nothing like this")).toEqual([]);
  });
});
