import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "stats.get": { access: "public", input: () => undefined },
  },
};
