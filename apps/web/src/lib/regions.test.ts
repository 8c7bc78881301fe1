import { describe, expect, it } from "vitest";
import { regionFitsCountry, regionsForCountry } from "./regions";

const US = 1;
const SCOTLAND = 2;
const states = [
  { id: 10, name: "Kentucky", countryId: US },
  { id: 11, name: "Tennessee", countryId: US },
  { id: 20, name: "Islay", countryId: SCOTLAND },
  { id: 99, name: "Other", countryId: null },
];
const names = (list: { name: string }[]) => list.map((state) => state.name);

describe("regions follow the country", () => {
  it("offers the chosen country's regions and those of no country", () => {
    expect(names(regionsForCountry(states, US))).toEqual(["Kentucky", "Tennessee", "Other"]);
    expect(names(regionsForCountry(states, SCOTLAND))).toEqual(["Islay", "Other"]);
    expect(names(regionsForCountry(states, 3))).toEqual(["Other"]);
  });

  it("offers every region while no country is chosen", () => {
    expect(names(regionsForCountry(states, null))).toEqual(["Kentucky", "Tennessee", "Islay", "Other"]);
  });

  it("keeps a region only when it fits the new country", () => {
    expect(regionFitsCountry(states, 10, US)).toBe(true);
    expect(regionFitsCountry(states, 10, SCOTLAND)).toBe(false);
    expect(regionFitsCountry(states, 99, SCOTLAND)).toBe(true);
    expect(regionFitsCountry(states, null, SCOTLAND)).toBe(true);
    expect(regionFitsCountry(states, 20, null)).toBe(true);
    // Lists not loaded yet: nothing is cleared.
    expect(regionFitsCountry([], 20, US)).toBe(true);
  });
});
