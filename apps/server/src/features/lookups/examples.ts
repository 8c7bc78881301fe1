import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "lookups.brands": () => undefined,
    "lookups.drinkTypes": () => undefined,
    "lookups.countries": () => undefined,
    "lookups.states": () => undefined,
  },
};
