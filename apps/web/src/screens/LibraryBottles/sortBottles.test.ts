import { describe, expect, it } from "vitest";
import type { BottleListItem } from "@club/shared";
import { DEFAULT_SORT, nextSort, sortBottles } from "./sortBottles";

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

  it("does not mutate its input", () => {
    const copy = [...list];
    sortBottles(list, { key: "abv", direction: "desc" });
    expect(list).toEqual(copy);
  });
});
