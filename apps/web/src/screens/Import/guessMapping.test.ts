import { describe, expect, it } from "vitest";
import { guessMapping } from "./guessMapping";

describe("guessMapping", () => {
  it("maps the library export's own headers", () => {
    const headers = [
      "Id",
      "Name",
      "Brand",
      "Type",
      "Country",
      "State",
      "ABV",
      "Size (ml)",
      "Store link",
      "Status",
      "Purchases",
      "Total spent",
      "Last price",
      "Last purchased (YYYY-MM-DD)",
      "Club score",
      "Scores",
    ];
    expect(guessMapping(headers)).toEqual({
      name: "Name",
      brand: "Brand",
      type: "Type",
      country: "Country",
      region: "State",
      abv: "ABV",
      size: "Size (ml)",
      storeLink: "Store link",
      price: "Last price",
      datePurchased: "Last purchased (YYYY-MM-DD)",
    });
  });

  it("knows other spreadsheets' words, and leaves unknown fields unmapped", () => {
    expect(guessMapping(["Whisky", "Distillery", "Strength", "Notes"])).toEqual({
      name: "Whisky",
      brand: "Distillery",
      abv: "Strength",
    });
  });
});
