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

  it("maps the library export's headers in another language of the app", () => {
    const german = [
      "ID",
      "Name",
      "Marke",
      "Art",
      "Land",
      "Region",
      "Alkoholgehalt",
      "Größe (ml)",
      "Shop-Link",
      "Status",
      "Käufe",
      "Ausgaben gesamt",
      "Letzter Preis",
      "Zuletzt gekauft (YYYY-MM-DD)",
      "Clubwertung",
      "Wertungen",
    ];
    expect(guessMapping(german)).toEqual({
      name: "Name",
      brand: "Marke",
      type: "Art",
      country: "Land",
      region: "Region",
      abv: "Alkoholgehalt",
      size: "Größe (ml)",
      storeLink: "Shop-Link",
      price: "Letzter Preis",
      datePurchased: "Zuletzt gekauft (YYYY-MM-DD)",
    });
    expect(
      guessMapping([
        "名前",
        "ブランド",
        "アルコール度数",
        "容量（ml）",
        "最終価格",
        "最終購入日 (YYYY-MM-DD)",
      ]),
    ).toEqual({
      name: "名前",
      brand: "ブランド",
      abv: "アルコール度数",
      size: "容量（ml）",
      price: "最終価格",
      datePurchased: "最終購入日 (YYYY-MM-DD)",
    });
    expect(guessMapping(["Nom", "Degré d’alcool", "Dernier prix", "Date d’achat"])).toEqual({
      name: "Nom",
      abv: "Degré d’alcool",
      price: "Dernier prix",
      datePurchased: "Date d’achat",
    });
  });
});
