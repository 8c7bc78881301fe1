import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "lookups.brands": { access: "public", input: () => undefined },
    "lookups.drinkTypes": { access: "public", input: () => undefined },
    "lookups.countries": { access: "public", input: () => undefined },
    "lookups.states": { access: "public", input: () => undefined },
  },
};
